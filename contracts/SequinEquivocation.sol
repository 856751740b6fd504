// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SequinEquivocation
/// @notice Checks on chain, with ecrecover, the evidence of a broken Sequin pre-confirmation: two
///         commitments for the same sub-block (block number, index) of one chain, both signed by the
///         sequencer key, with different contents. A sequencer keeps each promise by signing exactly one
///         commitment per sub-block, so such a pair is self-contained proof it did not: a bond contract
///         on another chain can slash on it. The commitment is Sequin's EIP-712 typed data, domain
///         { name: "Sequin", version: "1", chainId } (docs/verifiable-preconfirmations.md).
contract SequinEquivocation {
    struct SubBlockCommitment {
        uint64 blockNumber;
        uint32 index;
        bytes32 previous;
        uint64 timestamp;
        uint256 baseFeePerGas;
        uint64 transactionCount;
        bytes32 firstLogIndexesHash;
        bytes32 transactionsRoot;
        bytes32 receiptsRoot;
        bytes32 stateRoot;
    }

    /// @notice A commitment and the sequencer's 65-byte signature of it (r, s, v as Sequin serves it).
    struct SignedCommitment {
        SubBlockCommitment commitment;
        bytes signature;
    }

    bytes32 private constant COMMITMENT_TYPEHASH = keccak256(
        "SubBlockCommitment(uint64 blockNumber,uint32 index,bytes32 previous,uint64 timestamp,uint256 baseFeePerGas,uint64 transactionCount,bytes32 firstLogIndexesHash,bytes32 transactionsRoot,bytes32 receiptsRoot,bytes32 stateRoot)"
    );
    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,string version,uint256 chainId)");

    /// @notice The two commitments are for different sub-blocks: no promise is contradicted.
    error NotSameSubBlock();
    /// @notice The two commitments are the same: the sequencer repeated its promise, it did not break it.
    error SameCommitment();
    /// @notice A signature is not 65 bytes or recovers to no address.
    error BadSignature();
    /// @notice A commitment is signed by `signer`, not by the sequencer named.
    error NotTheSequencer(address signer);

    /// @notice Reverts unless `first` and `second` prove that `sequencer` equivocated on chain `chainId`;
    ///         returns the two EIP-712 digests it signed.
    function checkEquivocation(address sequencer, uint256 chainId, SignedCommitment calldata first, SignedCommitment calldata second)
        external
        pure
        returns (bytes32 firstDigest, bytes32 secondDigest)
    {
        if (first.commitment.blockNumber != second.commitment.blockNumber || first.commitment.index != second.commitment.index) revert NotSameSubBlock();
        firstDigest = digest(chainId, first.commitment);
        secondDigest = digest(chainId, second.commitment);
        if (firstDigest == secondDigest) revert SameCommitment();
        checkSigner(sequencer, firstDigest, first.signature);
        checkSigner(sequencer, secondDigest, second.signature);
    }

    /// @notice The EIP-712 digest the sequencer signs for `commitment` on chain `chainId`.
    function digest(uint256 chainId, SubBlockCommitment calldata commitment) public pure returns (bytes32) {
        bytes32 domain = keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("Sequin"), keccak256("1"), chainId));
        return keccak256(abi.encodePacked(hex"1901", domain, keccak256(abi.encode(COMMITMENT_TYPEHASH, commitment))));
    }

    function checkSigner(address sequencer, bytes32 signedDigest, bytes calldata signature) private pure {
        if (signature.length != 65) revert BadSignature();
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address signer = ecrecover(signedDigest, v < 27 ? v + 27 : v, r, s);
        if (signer == address(0)) revert BadSignature();
        if (signer != sequencer) revert NotTheSequencer(signer);
    }
}
