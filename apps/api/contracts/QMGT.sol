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

    /// @notice Movements of the platform's ledger already applied, by their ledger id.
    mapping(bytes32 => bool) public settled;

    /// @notice A ledger movement applied now.
    event Settled(bytes32 indexed id);
    /// @notice A ledger movement not applied: 1 = applied before (a resend), 2 = the burn
    /// exceeds the account's balance (the platform compensates it in its ledger).
    event Skipped(bytes32 indexed id, uint8 reason);

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

    /// @notice Applies a batch of ledger movements in order: a mint when `mints[i]`, else a burn.
    /// Each id is applied at most once ever, so sending a batch again after a crash (when it is
    /// unknown whether the first one was mined) cannot mint or burn twice. A burn beyond the
    /// balance is skipped rather than reverting the whole batch.
    function settleBatch(
        bytes32[] calldata ids,
        address[] calldata accounts,
        uint256[] calldata amounts,
        bool[] calldata mints
    ) external onlyRole(MINTER_ROLE) {
        uint256 n = ids.length;
        require(accounts.length == n && amounts.length == n && mints.length == n, "QMGT: length mismatch");
        for (uint256 i = 0; i < n; i++) {
            bytes32 id = ids[i];
            if (settled[id]) {
                emit Skipped(id, 1);
                continue;
            }
            if (mints[i]) {
                _mint(accounts[i], amounts[i]);
            } else {
                if (balanceOf(accounts[i]) < amounts[i]) {
                    emit Skipped(id, 2);
                    continue;
                }
                _burn(accounts[i], amounts[i]);
            }
            settled[id] = true;
            emit Settled(id);
        }
    }
}
