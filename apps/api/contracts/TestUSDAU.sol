// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Test USDAU
/// @notice Sandbox stand-in for the USDAU token that customers receive for gold grams (on BSC
/// the platform uses the real token at USDAU_ADDRESS). Only the local chain deploys it; the
/// treasury owns it, holds its float and pays customers' USDAU requests from it.
contract TestUSDAU is ERC20, Ownable {
    constructor(address owner) ERC20("Test USDAU", "USDAU") Ownable(owner) {
        _mint(owner, 100_000_000 ether);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
