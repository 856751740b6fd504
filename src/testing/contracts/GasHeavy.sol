// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title GasHeavy
/// @notice Gas-estimation edge cases: gas that scales with input, the EIP-150 63/64 rule
///         for gas forwarded to a sub-call, and SSTORE refunds.
contract GasHeavy {
    /// Total number of slots written by burn; the next burn starts at sink[burned].
    uint256 public burned;
    /// Fresh slots written by burn (each write is a zero-to-nonzero SSTORE).
    mapping(uint256 => uint256) public sink;
    /// Set to nonzero and back to zero by refundDance; always zero between transactions.
    uint256 public scratch;

    /// Emitted by refundDance between its two writes, with the value just stored (1).
    event Danced(uint256 value);

    /// Writes `iterations` fresh storage slots, so gas used grows linearly (~22k each).
    function burn(uint256 iterations) external {
        uint256 start = burned;
        for (uint256 i = 0; i < iterations; ++i) {
            sink[start + i] = i + 1;
        }
        burned = start + iterations;
    }

    /// Calls `target` with `data`, asking to forward all but 10,000 of the remaining gas,
    /// and requires the call to succeed. The CALL is capped at 63/64 of what is available
    /// (EIP-150), so an estimator must account for the withheld 1/64.
    function callWithForwardedGas(address target, bytes calldata data) external returns (bytes memory) {
        (bool ok, bytes memory result) = target.call{gas: gasleft() - 10000}(data);
        require(ok, "forwarded call failed");
        return result;
    }

    /// Sets a (normally zero) storage slot to nonzero and back to zero in one call: the
    /// second SSTORE earns a refund, so the gas limit needed exceeds the gas finally used.
    /// The event between the two writes is load-bearing: without it the optimizer drops
    /// the first SSTORE as dead and no refund happens.
    function refundDance() external {
        scratch = 1;
        emit Danced(scratch);
        scratch = 0;
    }
}
