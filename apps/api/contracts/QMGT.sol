// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title QMGT Gold Token
/// @notice One QMGT is backed by one gram of gold held by the platform. Supply changes only
/// through the platform: it mints on purchase and burns on sale.
/// @dev The platform is custodian of its customers' addresses, so a minter burns from any
/// account without an allowance. That power is why MINTER_ROLE must stay with the treasury.
contract QMGT is ERC20, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @param treasury the platform account: admin of the roles and first minter.
    constructor(address treasury) ERC20("QMGT Gold Token", "QMGT") {
        _grantRole(DEFAULT_ADMIN_ROLE, treasury);
        _grantRole(MINTER_ROLE, treasury);
    }

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }

    /// @notice Burns from a custodial account; reverts with ERC20InsufficientBalance beyond its balance.
    function burnFrom(address account, uint256 amount) external onlyRole(MINTER_ROLE) {
        _burn(account, amount);
    }
}
