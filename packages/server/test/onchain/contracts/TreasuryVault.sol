// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";

interface IAdapter {
    function totalAssets() external view returns (uint256);
}

/// An ERC-4626 vault with a TVL cap whose assets sit idle or in lending adapters.
contract TreasuryVault is ERC4626 {
    uint256 public immutable tvlCap;
    address public immutable owner;
    address[] public adapters;

    constructor(IERC20 asset_, uint256 tvlCap_) ERC20("Treasury Vault USDC", "rmUSDC") ERC4626(asset_) {
        tvlCap = tvlCap_;
        owner = msg.sender;
    }

    function addAdapter(address adapter) external {
        require(msg.sender == owner, "only owner");
        adapters.push(adapter);
    }

    function allocate(uint256 index, uint256 amount) external {
        require(msg.sender == owner, "only owner");
        IERC20(asset()).transfer(adapters[index], amount);
    }

    function totalAssets() public view override returns (uint256 total) {
        total = IERC20(asset()).balanceOf(address(this));
        for (uint256 i = 0; i < adapters.length; i++) total += IAdapter(adapters[i]).totalAssets();
    }

    function maxDeposit(address) public view override returns (uint256) {
        uint256 assets = totalAssets();
        return assets >= tvlCap ? 0 : tvlCap - assets;
    }
}
