// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Reverter
/// @notice Every flavour of failure, for testing how Sequin reports reverts (receipts,
///         eth_call / eth_estimateGas errors and their revert data).
/// @dev The non-view reverting functions first write to storage, so they are genuinely
///      state-changing (callable as transactions, e.g. viem's writeContract) and so tests
///      can check the write is rolled back: `attempts` stays 0 however often they are called.
contract Reverter {
    /// Incremented by every reverting function before it reverts; never observably nonzero.
    uint256 public attempts;
    /// Incremented by okIfEnoughGas when it succeeds.
    uint256 public okCount;

    error Denied(uint256 code);

    /// Reverts with Error(string) "nope: reason".
    function revertWithReason() external {
        attempts += 1;
        revert("nope: reason");
    }

    /// Reverts with the custom error Denied(42).
    function revertWithCustomError() external {
        attempts += 1;
        revert Denied(42);
    }

    /// Reverts with empty revert data.
    function revertEmpty() external {
        attempts += 1;
        revert();
    }

    /// Fails an assert: reverts with Panic(uint256) code 0x01.
    function panicAssert() external {
        attempts += 1;
        assert(false);
    }

    /// Succeeds (and stores) only if more than 100,000 gas is left when the check runs,
    /// otherwise reverts "not enough gas". Gas estimation must therefore find a limit
    /// well above the gas this call actually uses.
    function okIfEnoughGas() external {
        require(gasleft() > 100000, "not enough gas");
        okCount += 1;
    }

    /// A view function that always reverts with "view revert" (eth_call error path).
    /// (`attempts` is always 0, as every write to it is rolled back; reading it keeps the
    /// function genuinely `view` rather than `pure`.)
    function alwaysReverts() external view returns (uint256) {
        if (attempts == 0) revert("view revert");
        return attempts;
    }
}
