// tlog-check verifies Convene's transparency-log output with the Go checksum database's own
// packages, golang.org/x/mod/sumdb/note and golang.org/x/mod/sumdb/tlog (Debian:
// golang-golang-x-mod-dev). It reads one JSON document on stdin (written by go-tlog.test.ts)
// and prints {"checks": n, "failures": [...]}. Built with GO111MODULE=off and
// GOPATH=/usr/share/gocode, so it needs no network.
package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

type inclusionProof struct {
	LogIndex int64    `json:"logIndex"`
	TreeSize int64    `json:"treeSize"`
	LeafHash string   `json:"leafHash"`
	Hashes   []string `json:"hashes"`
}

type consistencyProof struct {
	OldSize int64    `json:"oldSize"`
	NewSize int64    `json:"newSize"`
	Hashes  []string `json:"hashes"`
}

type checkpointCase struct {
	Name         string          `json:"name"`
	Kind         string          `json:"kind"` // checkpoint | inclusion | consistency
	Note         string          `json:"note"`
	CosignerKeys []string        `json:"cosignerKeys"`
	Entry        string          `json:"entry"`
	Proof        *inclusionProof `json:"proof"`
	Older        string          `json:"older"`
	Hashes       []string        `json:"hashes"`
}

type input struct {
	Entries        []string           `json:"entries"`
	Roots          []string           `json:"roots"`
	Inclusion      []inclusionProof   `json:"inclusion"`
	Consistency    []consistencyProof `json:"consistency"`
	LogVerifierKey string             `json:"logVerifierKey"`
	LogSignerKey   string             `json:"logSignerKey"`
	Checkpoints    []struct {
		Size int64  `json:"size"`
		Text string `json:"text"`
		Note string `json:"note"`
	} `json:"checkpoints"`
	Cosigned           string `json:"cosigned"`
	WitnessVerifierKey string `json:"witnessVerifierKey"`
	WitnessTimestamp   uint64 `json:"witnessTimestamp"`
	AddCheckpoint      struct {
		WitnessSize int64  `json:"witnessSize"`
		WitnessRoot string `json:"witnessRoot"`
		Request     string `json:"request"`
		Response    string `json:"response"`
		Conflict    string `json:"conflict"`
	} `json:"addCheckpoint"`
	Accepted []checkpointCase `json:"accepted"`
	Rejected []checkpointCase `json:"rejected"`
	Tiled    struct {
		Size        int64              `json:"size"`
		Root        string             `json:"root"`
		EntryPrefix string             `json:"entryPrefix"`
		Tiles       map[string]string  `json:"tiles"`
		Inclusion   []inclusionProof   `json:"inclusion"`
		Consistency []consistencyProof `json:"consistency"`
	} `json:"tiled"`
}

var checks int
var failures []string

func check(ok bool, format string, args ...interface{}) {
	checks++
	if !ok {
		failures = append(failures, fmt.Sprintf(format, args...))
	}
}

func mustHash(text string) tlog.Hash {
	h, err := tlog.ParseHash(text)
	if err != nil {
		panic(fmt.Sprintf("bad hash %q: %v", text, err))
	}
	return h
}

func hashes(texts []string) []tlog.Hash {
	out := make([]tlog.Hash, len(texts))
	for i, t := range texts {
		out[i] = mustHash(t)
	}
	return out
}

func sameHashes(a []tlog.Hash, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].String() != b[i] {
			return false
		}
	}
	return true
}

// memoryStore is a Go-computed tree: every stored hash, in tlog's storage order.
type memoryStore struct{ hashes []tlog.Hash }

func (s *memoryStore) ReadHashes(indexes []int64) ([]tlog.Hash, error) {
	out := make([]tlog.Hash, len(indexes))
	for i, x := range indexes {
		if x >= int64(len(s.hashes)) {
			return nil, fmt.Errorf("hash %d not stored", x)
		}
		out[i] = s.hashes[x]
	}
	return out, nil
}

func (s *memoryStore) append(n int64, data []byte) {
	hs, err := tlog.StoredHashes(n, data, s)
	if err != nil {
		panic(err)
	}
	s.hashes = append(s.hashes, hs...)
}

// cosignatureV1 is a note.Verifier for C2SP tlog-cosignature/v1 (type 0x04), written from the
// spec: golang.org/x/mod's note package verifies type 0x01 only and ignores other signatures.
type cosignatureV1 struct {
	name string
	hash uint32
	key  ed25519.PublicKey
}

func (v *cosignatureV1) Name() string    { return v.name }
func (v *cosignatureV1) KeyHash() uint32 { return v.hash }
func (v *cosignatureV1) Verify(msg, sig []byte) bool {
	if len(sig) != 8+ed25519.SignatureSize {
		return false
	}
	t := binary.BigEndian.Uint64(sig[:8])
	signed := append([]byte("cosignature/v1\ntime "+strconv.FormatUint(t, 10)+"\n"), msg...)
	return ed25519.Verify(v.key, signed, sig[8:])
}

func keyID(name string, alg byte, key []byte) uint32 {
	h := sha256.New()
	h.Write([]byte(name + "\n"))
	h.Write([]byte{alg})
	h.Write(key)
	return binary.BigEndian.Uint32(h.Sum(nil)[:4])
}

func newCosignatureVerifier(vkey string) (*cosignatureV1, error) {
	parts := strings.SplitN(vkey, "+", 3)
	if len(parts) != 3 {
		return nil, errors.New("malformed cosigner vkey")
	}
	id, err := strconv.ParseUint(parts[1], 16, 32)
	material, err2 := base64.StdEncoding.DecodeString(parts[2])
	if err != nil || err2 != nil || len(material) != 33 || material[0] != 0x04 {
		return nil, errors.New("not a cosignature/v1 vkey")
	}
	key := material[1:]
	if keyID(parts[0], 0x04, key) != uint32(id) {
		return nil, errors.New("cosigner key ID does not match")
	}
	return &cosignatureV1{name: parts[0], hash: uint32(id), key: ed25519.PublicKey(key)}, nil
}

type checkpoint struct {
	origin string
	size   int64
	root   tlog.Hash
}

var decimal = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

// parseCheckpoint applies c2sp.org/tlog-checkpoint to note text that note.Open verified.
// (tlog.ParseTree reads the older go.sum database header, "go.sum database tree\n…", instead.)
func parseCheckpoint(text string) (checkpoint, error) {
	if !strings.HasSuffix(text, "\n") {
		return checkpoint{}, errors.New("checkpoint does not end in a newline")
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) < 3 {
		return checkpoint{}, errors.New("checkpoint has fewer than 3 lines")
	}
	for _, l := range lines {
		if l == "" {
			return checkpoint{}, errors.New("empty checkpoint line")
		}
	}
	if !decimal.MatchString(lines[1]) {
		return checkpoint{}, errors.New("tree size is not canonical decimal")
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil {
		return checkpoint{}, err
	}
	root, err := tlog.ParseHash(lines[2])
	if err != nil || base64.StdEncoding.EncodeToString(root[:]) != lines[2] {
		return checkpoint{}, errors.New("bad root hash")
	}
	return checkpoint{origin: lines[0], size: size, root: root}, nil
}

// openCheckpoint is what a Go client does: note.Open with the log's vkey (and witnesses), then
// the checkpoint body, whose origin must be the log key's name.
func openCheckpoint(msg string, logKey string, cosigners []string) (checkpoint, *note.Note, error) {
	logVerifier, err := note.NewVerifier(logKey)
	if err != nil {
		return checkpoint{}, nil, err
	}
	verifiers := []note.Verifier{logVerifier}
	for _, k := range cosigners {
		v, err := newCosignatureVerifier(k)
		if err != nil {
			return checkpoint{}, nil, err
		}
		verifiers = append(verifiers, v)
	}
	n, err := note.Open([]byte(msg), note.VerifierList(verifiers...))
	if err != nil {
		return checkpoint{}, nil, err
	}
	signedByLog := false
	for _, s := range n.Sigs {
		if s.Name == logVerifier.Name() && s.Hash == logVerifier.KeyHash() {
			signedByLog = true
		}
	}
	if !signedByLog {
		return checkpoint{}, nil, errors.New("not signed by the log key")
	}
	c, err := parseCheckpoint(n.Text)
	if err != nil {
		return checkpoint{}, nil, err
	}
	if c.origin != logVerifier.Name() {
		return checkpoint{}, nil, errors.New("origin is not the log key's name")
	}
	return c, n, nil
}

func runCase(c checkpointCase, logKey string) error {
	switch c.Kind {
	case "checkpoint":
		_, _, err := openCheckpoint(c.Note, logKey, c.CosignerKeys)
		return err
	case "inclusion":
		cp, _, err := openCheckpoint(c.Note, logKey, nil)
		if err != nil {
			return err
		}
		leaf := tlog.RecordHash([]byte(c.Entry))
		if leaf.String() != c.Proof.LeafHash {
			return errors.New("entry does not hash to the proof's leaf hash")
		}
		if c.Proof.TreeSize != cp.size {
			return errors.New("proof is for another tree size")
		}
		return tlog.CheckRecord(hashes(c.Proof.Hashes), cp.size, cp.root, c.Proof.LogIndex, leaf)
	case "consistency":
		older, _, err := openCheckpoint(c.Older, logKey, nil)
		if err != nil {
			return err
		}
		newer, _, err := openCheckpoint(c.Note, logKey, nil)
		if err != nil {
			return err
		}
		if older.size > newer.size {
			return errors.New("tree shrank")
		}
		if older.size == 0 {
			// tlog.CheckTree takes sizes ≥ 1; every tree extends the empty one (RFC 9162 §2.1.4).
			if len(c.Hashes) != 0 || older.root != tlog.Hash(sha256.Sum256(nil)) {
				return errors.New("bad proof from the empty tree")
			}
			return nil
		}
		return tlog.CheckTree(hashes(c.Hashes), newer.size, newer.root, older.size, older.root)
	}
	return fmt.Errorf("unknown case kind %q", c.Kind)
}

// tileReader serves Convene's tiles, by Convene's C2SP path, to tlog.TileHashReader, which
// authenticates every tile against the tree hash before using it.
type tileReader struct{ tiles map[string]string }

func (r tileReader) Height() int                     { return 8 }
func (r tileReader) SaveTiles([]tlog.Tile, [][]byte) {}
func (r tileReader) ReadTiles(tiles []tlog.Tile) ([][]byte, error) {
	out := make([][]byte, len(tiles))
	for i, t := range tiles {
		// Go's path is tile/<H>/<L>/<N>; C2SP tlog-tiles drops the fixed height 8.
		path := strings.Replace(t.Path(), "tile/8/", "tile/", 1)
		data, ok := r.tiles[path]
		if !ok {
			return nil, fmt.Errorf("tile %s not served", path)
		}
		b, err := base64.StdEncoding.DecodeString(data)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

func main() {
	var in input
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fmt.Fprintln(os.Stderr, "bad input:", err)
		os.Exit(2)
	}

	// 1. The same entries, hashed and stored by tlog: leaves, roots, and proofs agree.
	store := &memoryStore{}
	for i, e := range in.Entries {
		store.append(int64(i), []byte(e))
	}
	emptyRoot := tlog.Hash(sha256.Sum256(nil))
	check(len(in.Roots) > 0 && in.Roots[0] == emptyRoot.String(), "empty root is SHA-256 of nothing")
	for n, root := range in.Roots {
		if n == 0 {
			continue // tlog.TreeHash(0) is the zero hash (a sumdb convention); RFC 6962 says SHA-256("").
		}
		h, err := tlog.TreeHash(int64(n), store)
		check(err == nil && h.String() == root, "root of size %d: tlog %s, ours %s", n, h, root)
	}
	for _, p := range in.Inclusion {
		leaf := tlog.RecordHash([]byte(in.Entries[p.LogIndex]))
		check(leaf.String() == p.LeafHash, "leaf hash %d", p.LogIndex)
		root := mustHash(in.Roots[p.TreeSize])
		err := tlog.CheckRecord(hashes(p.Hashes), p.TreeSize, root, p.LogIndex, leaf)
		check(err == nil, "tlog.CheckRecord %d/%d: %v", p.LogIndex, p.TreeSize, err)
		proof, err := tlog.ProveRecord(p.TreeSize, p.LogIndex, store)
		check(err == nil && sameHashes(proof, p.Hashes), "tlog.ProveRecord %d/%d differs", p.LogIndex, p.TreeSize)
	}
	for _, p := range in.Consistency {
		if p.OldSize == 0 {
			continue // tlog.CheckTree takes sizes ≥ 1; from 0 the proof is empty by definition.
		}
		old, cur := mustHash(in.Roots[p.OldSize]), mustHash(in.Roots[p.NewSize])
		err := tlog.CheckTree(hashes(p.Hashes), p.NewSize, cur, p.OldSize, old)
		check(err == nil, "tlog.CheckTree %d→%d: %v", p.OldSize, p.NewSize, err)
		proof, err := tlog.ProveTree(p.NewSize, p.OldSize, store)
		check(err == nil && sameHashes(proof, p.Hashes), "tlog.ProveTree %d→%d differs", p.OldSize, p.NewSize)
	}

	// 2. Checkpoints: note.Open accepts them; note.Sign with our signer key makes the same bytes.
	signer, err := note.NewSigner(in.LogSignerKey)
	check(err == nil, "note.NewSigner(our signer key): %v", err)
	for _, c := range in.Checkpoints {
		cp, n, err := openCheckpoint(c.Note, in.LogVerifierKey, nil)
		check(err == nil, "note.Open checkpoint %d: %v", c.Size, err)
		if err != nil {
			continue
		}
		check(n.Text == c.Text && cp.size == c.Size, "checkpoint %d text", c.Size)
		if cp.size < int64(len(in.Roots)) {
			check(cp.root.String() == in.Roots[cp.size], "checkpoint %d root", c.Size)
		}
		if signer != nil {
			msg, err := note.Sign(&note.Note{Text: c.Text}, signer)
			check(err == nil && bytes.Equal(msg, []byte(c.Note)), "note.Sign checkpoint %d differs", c.Size)
		}
	}
	_, n, err := openCheckpoint(in.Cosigned, in.LogVerifierKey, []string{in.WitnessVerifierKey})
	check(err == nil && len(n.Sigs) == 2, "cosigned checkpoint: %v", err)
	if err == nil && len(n.Sigs) == 2 {
		raw, _ := base64.StdEncoding.DecodeString(n.Sigs[1].Base64)
		check(len(raw) == 4+8+64 && binary.BigEndian.Uint64(raw[4:12]) == in.WitnessTimestamp, "cosignature timestamp")
	}
	// Without the witness key the cosignature is an unknown signature: ignored, not an error.
	_, n, err = openCheckpoint(in.Cosigned, in.LogVerifierKey, nil)
	check(err == nil && len(n.Sigs) == 1 && len(n.UnverifiedSigs) == 1, "cosignature ignored when unknown: %v", err)

	// C2SP tlog-witness add-checkpoint, parsed as the spec lays it out: "old <size>", proof lines,
	// a blank line, the checkpoint note. The witness's answer is a cosignature line over it.
	checkAddCheckpoint(in.AddCheckpoint.Request, in.AddCheckpoint.WitnessSize, in.AddCheckpoint.WitnessRoot,
		in.AddCheckpoint.Response, in.AddCheckpoint.Conflict, in.LogVerifierKey, in.WitnessVerifierKey, in.Cosigned)

	// 3. Valid and tampered cases: the same pipeline accepts every valid one, refuses every other.
	for _, c := range in.Accepted {
		err := runCase(c, in.LogVerifierKey)
		check(err == nil, "accepted %q: %v", c.Name, err)
	}
	for _, c := range in.Rejected {
		err := runCase(c, in.LogVerifierKey)
		check(err != nil, "rejected %q was accepted", c.Name)
	}

	// 4. A larger log served as C2SP tiles: tlog reads and authenticates our tiles.
	if in.Tiled.Size > 0 {
		tree := tlog.Tree{N: in.Tiled.Size, Hash: mustHash(in.Tiled.Root)}
		reader := tlog.TileHashReader(tree, tileReader{in.Tiled.Tiles})
		own := &memoryStore{}
		for i := int64(0); i < in.Tiled.Size; i++ {
			own.append(i, []byte(in.Tiled.EntryPrefix+strconv.FormatInt(i, 10)))
		}
		h, err := tlog.TreeHash(in.Tiled.Size, own)
		check(err == nil && h == tree.Hash, "tiled log root: tlog %s, ours %s", h, in.Tiled.Root)
		for _, p := range in.Tiled.Inclusion {
			leaf := tlog.RecordHash([]byte(in.Tiled.EntryPrefix + strconv.FormatInt(p.LogIndex, 10)))
			fromTiles, err := tlog.ProveRecord(p.TreeSize, p.LogIndex, reader)
			check(err == nil && sameHashes(fromTiles, p.Hashes), "tile-read proof %d: %v", p.LogIndex, err)
			check(tlog.CheckRecord(hashes(p.Hashes), p.TreeSize, tree.Hash, p.LogIndex, leaf) == nil, "tiled CheckRecord %d", p.LogIndex)
		}
		// Every tile we serve is one tlog expects, and a tile changed in transit is refused:
		// tlog authenticates each tile against the tree hash before using it.
		// tlog.NewTiles lists every width of a partial tile; a server keeps the widest.
		var expected []tlog.Tile
		for _, t := range tlog.NewTiles(8, 0, tree.N) {
			if t.W == 256 || t.W == int((tree.N>>(8*uint(t.L)))%256) {
				expected = append(expected, t)
			}
		}
		check(len(expected) == len(in.Tiled.Tiles), "tlog expects %d tiles, we serve %d", len(expected), len(in.Tiled.Tiles))
		for _, t := range expected {
			path := strings.Replace(t.Path(), "tile/8/", "tile/", 1)
			forged := map[string]string{}
			for k, v := range in.Tiled.Tiles {
				forged[k] = v
			}
			b, err := base64.StdEncoding.DecodeString(forged[path])
			check(err == nil && len(b) == 32*t.W, "tile %s served with %d bytes", path, len(b))
			if len(b) == 0 {
				continue
			}
			b[0] ^= 1 // the tile's first hash: part of the proof of its last leaf
			forged[path] = base64.StdEncoding.EncodeToString(b)
			leaf := (t.N*256 + int64(t.W) - 1) << (8 * uint(t.L))
			if leaf >= tree.N {
				leaf = tree.N - 1
			}
			// Either tlog refuses the tile, or the proof it yields fails against the trusted root.
			forgedProof, err := tlog.ProveRecord(tree.N, leaf, tlog.TileHashReader(tree, tileReader{forged}))
			if err == nil {
				leafHash := own.hashes[tlog.StoredHashIndex(0, leaf)]
				err = tlog.CheckRecord(forgedProof, tree.N, tree.Hash, leaf, leafHash)
			}
			check(err != nil, "forged tile %s accepted", path)
		}
		for _, p := range in.Tiled.Consistency {
			old, err := tlog.TreeHash(p.OldSize, own)
			check(err == nil, "old root %d", p.OldSize)
			fromTiles, err := tlog.ProveTree(p.NewSize, p.OldSize, reader)
			check(err == nil && sameHashes(fromTiles, p.Hashes), "tile-read consistency %d: %v", p.OldSize, err)
			check(tlog.CheckTree(hashes(p.Hashes), p.NewSize, tree.Hash, p.OldSize, old) == nil, "tiled CheckTree %d", p.OldSize)
		}
	}

	out, _ := json.Marshal(map[string]interface{}{"checks": checks, "failures": failures})
	fmt.Println(string(out))
}

// checkAddCheckpoint reads an add-checkpoint request body (c2sp.org/tlog-witness) with its own
// parser, checks the consistency proof with tlog.CheckTree from the witness's held size and root,
// opens the note with the log key, and opens note ‖ the witness's answer with the cosignature
// verifier: the result must be the cosigned vector byte for byte. The conflict answer is the held
// size in decimal and a newline.
func checkAddCheckpoint(request string, heldSize int64, heldRoot string, response, conflict, logKey, witnessKey, cosigned string) {
	blank := strings.Index(request, "\n\n")
	check(blank > 0, "add-checkpoint: no blank line")
	if blank <= 0 {
		return
	}
	header := strings.Split(request[:blank], "\n")
	msg := request[blank+2:]
	check(strings.HasPrefix(header[0], "old ") && decimal.MatchString(header[0][4:]), "add-checkpoint: old line %q", header[0])
	old, _ := strconv.ParseInt(strings.TrimPrefix(header[0], "old "), 10, 64)
	check(old == heldSize, "add-checkpoint: old %d, witness holds %d", old, heldSize)
	proof := make(tlog.TreeProof, 0, len(header)-1)
	for _, line := range header[1:] {
		h, err := tlog.ParseHash(line)
		check(err == nil, "add-checkpoint: proof line %q", line)
		proof = append(proof, h)
	}
	check(len(proof) <= 63, "add-checkpoint: more than 63 proof lines")
	cp, _, err := openCheckpoint(msg, logKey, nil)
	check(err == nil, "add-checkpoint: the note does not open with the log key: %v", err)
	if err != nil {
		return
	}
	oldRoot, err := tlog.ParseHash(heldRoot)
	check(err == nil, "add-checkpoint: held root")
	check(tlog.CheckTree(proof, cp.size, cp.root, old, oldRoot) == nil, "add-checkpoint: consistency proof %d -> %d", old, cp.size)
	check(strings.HasPrefix(response, "\u2014 ") && strings.HasSuffix(response, "\n") && strings.Count(response, "\n") == 1, "add-checkpoint: answer is not one signature line")
	check(msg+response == cosigned, "add-checkpoint: note ‖ answer is not the cosigned vector")
	_, n, err := openCheckpoint(msg+response, logKey, []string{witnessKey})
	check(err == nil && len(n.Sigs) == 2, "add-checkpoint: the answer's cosignature does not verify: %v", err)
	check(conflict == strconv.FormatInt(heldSize, 10)+"\n", "add-checkpoint: 409 body %q", conflict)
}
