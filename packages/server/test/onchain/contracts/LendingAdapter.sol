// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// A lending adapter reduced to what the reader needs: it holds the vault's asset and reports it.
/// Yield is emulated by minting asset to it; the vault pulls funds back through `release`.
contract LendingAdapter {
    IERC20 public immutable asset;
    address public immutable vault;
    string public protocol;

    constructor(IERC20 asset_, address vault_, string memory protocol_) {
        asset = asset_;
        vault = vault_;
        protocol = protocol_;
    }

    function totalAssets() external view returns (uint256) {
        return asset.balanceOf(address(this));
    }

    function release(uint256 amount) external {
        require(msg.sender == vault, "only vault");
        asset.transfer(vault, amount);
    }
}
