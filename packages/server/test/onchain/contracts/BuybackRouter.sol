// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// A fixed-quote swap: WETH in from the caller, the service token out to the caller, in one
/// transaction, the shape of a buyback as the indexer sees it in the logs.
contract BuybackRouter {
    IERC20 public immutable weth;
    IERC20 public immutable token;

    constructor(IERC20 weth_, IERC20 token_) {
        weth = weth_;
        token = token_;
    }

    function swapWethForToken(uint256 wethIn, uint256 tokensOut) external {
        require(weth.transferFrom(msg.sender, address(this), wethIn), "weth");
        require(token.transfer(msg.sender, tokensOut), "token");
    }
}
