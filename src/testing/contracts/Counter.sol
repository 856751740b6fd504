// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Counter
/// @notice The simplest stateful contract: storage writes, eth_call reads and one event.
/// @dev `increment` emits `Incremented`; `add` deliberately emits nothing (a state change
///      without logs).
contract Counter {
    uint256 public count;

    event Incremented(address indexed by, uint256 newCount);

    function increment() external {
        uint256 newCount = count + 1;
        count = newCount;
        emit Incremented(msg.sender, newCount);
    }

    function add(uint256 amount) external {
        count += amount;
    }
}
