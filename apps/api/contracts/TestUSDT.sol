// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Test Tether USD
/// @notice Sandbox stand-in for BSC's USDT (which also has 18 decimals). Only the local chain
/// deploys it; its owner mints for the sandbox faucet.
contract TestUSDT is ERC20, Ownable {
    constructor(address owner) ERC20("Test Tether USD", "USDT") Ownable(owner) {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
