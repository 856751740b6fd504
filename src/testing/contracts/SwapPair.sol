// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Minimal {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// @title SwapPair
/// @notice A minimal constant-product (x*y=k) market between two ERC-20 tokens, used by
///         Sequin's fork tests to swap on state read from another chain.
/// @dev Reserves live in storage slots 2 (reserveA) and 3 (reserveB), so tests can read and
///      prove them directly. A swap keeps 0.3% of the input as a fee:
///      amountOut = amountIn*997*reserveOut / (reserveIn*1000 + amountIn*997).
///      No LP shares: liquidity, once added, stays (enough for tests).
contract SwapPair {
    address public immutable tokenA;
    address public immutable tokenB;

    // Two ordinary slots first, so the reserves sit at fixed, documented slots 2 and 3.
    address public lastProvider;
    uint256 public swapCount;
    uint256 public reserveA;
    uint256 public reserveB;

    event LiquidityAdded(address indexed provider, uint256 amountA, uint256 amountB);
    event Swap(address indexed trader, address indexed tokenIn, uint256 amountIn, uint256 amountOut);

    constructor(address tokenA_, address tokenB_) {
        require(tokenA_ != tokenB_ && tokenA_ != address(0) && tokenB_ != address(0), "SwapPair: bad tokens");
        tokenA = tokenA_;
        tokenB = tokenB_;
    }

    function getReserves() external view returns (uint256, uint256) {
        return (reserveA, reserveB);
    }

    function addLiquidity(uint256 amountA, uint256 amountB) external {
        require(amountA > 0 && amountB > 0, "SwapPair: zero liquidity");
        require(IERC20Minimal(tokenA).transferFrom(msg.sender, address(this), amountA), "SwapPair: transfer A failed");
        require(IERC20Minimal(tokenB).transferFrom(msg.sender, address(this), amountB), "SwapPair: transfer B failed");
        reserveA += amountA;
        reserveB += amountB;
        lastProvider = msg.sender;
        emit LiquidityAdded(msg.sender, amountA, amountB);
    }

    /// @notice Sells `amountIn` of `tokenIn` (pulled with transferFrom) for the other token.
    function swap(address tokenIn, uint256 amountIn, uint256 minAmountOut) external returns (uint256 amountOut) {
        require(amountIn > 0, "SwapPair: zero input");
        bool aIn = tokenIn == tokenA;
        require(aIn || tokenIn == tokenB, "SwapPair: unknown token");
        (uint256 reserveIn, uint256 reserveOut) = aIn ? (reserveA, reserveB) : (reserveB, reserveA);
        require(reserveIn > 0 && reserveOut > 0, "SwapPair: no liquidity");

        uint256 inAfterFee = amountIn * 997;
        amountOut = (inAfterFee * reserveOut) / (reserveIn * 1000 + inAfterFee);
        require(amountOut >= minAmountOut, "SwapPair: slippage");

        require(IERC20Minimal(tokenIn).transferFrom(msg.sender, address(this), amountIn), "SwapPair: transfer in failed");
        address tokenOut = aIn ? tokenB : tokenA;
        require(IERC20Minimal(tokenOut).transfer(msg.sender, amountOut), "SwapPair: transfer out failed");

        if (aIn) {
            reserveA += amountIn;
            reserveB -= amountOut;
        } else {
            reserveB += amountIn;
            reserveA -= amountOut;
        }
        swapCount += 1;
        emit Swap(msg.sender, tokenIn, amountIn, amountOut);
    }
}
