package solve

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/inputfile"
)

// FileVersion is the version of the solution file format written by
// WriteFile. A reader refuses other versions (the file is a cache:
// the caller re-solves).
const FileVersion = 5

// fileMagic starts every solution file.
const fileMagic = "NZSCSOLN"

// SavedSolution is the solved game as saved on disk (the solver owns its
// file format): enough for a player to
// recompute the certified strategies of every phase. The move phase of
// each ordered loadout pairing is stored state by state; the booster and
// character phases are small games recomputed from the pairings' values.
//
// File layout (little-endian):
//
//	"NZSCSOLN"  magic
//	uint32      format version (FileVersion)
//	4×float64   Params: Discount, Discount2, Noise, SignTol
//	8×uint8     the rules solved: points, move streak, character streak,
//	            waits, no headstarts (0/1), booster required (0/1), 0, 0
//	float64     Gap
//	uint32      number of pairings, then for each pairing:
//	  4×uint8   A.Character, A.Booster, B.Character, B.Booster
//	  4×float64 Value, Lower, Upper, Gap
//	  uint32    number of states n, or mirrorStates (0xFFFFFFFF) for a
//	            pairing stored as the mirror image of its reverse, B
//	            against A (stored in full), which ends it here
//	  n×uint32  Keys (ascending)
//	  n×float64 Disc
//	  n×float64 Undisc
//	  n×uint8   Rules
//	  uint32    number of states m with explicit strategies, then for each:
//	  uint32    Key
//	  10×float64 the two seats' strategies (MaxSide each)
//	uint32      CRC-32 (IEEE) of everything before it
//
// Version 2 added the explicit strategies. Version 3 stores the bytes
// as they are, with a CRC-32 trailer, instead of gzip-compressed: the
// values are float64s that gzip shrank only from 30 to 7.8 MB, and
// inflating them was two thirds of the optimal bot's loading time.
// Version 4 added the rules, and widened the state keys to 30 bits
// (scores up to 9 points to win, streaks up to 4). Version 5 stores
// one of each pairing and its reverse as the other's mirror image.
type SavedSolution struct {
	Version int
	// Params are the solver's constants the strategies depend on; a
	// reader built with other constants must not use the file.
	Params [4]float64
	// GameRules are the rules solved (their turn cap is not kept).
	GameRules nzsc.Rules
	Gap       float64
	Pairings  []SavedPairing
}

// SavedPairing is one ordered pairing's move phase.
type SavedPairing struct {
	A, B                     nzsc.Loadout
	Value, Lower, Upper, Gap float64
	// Mirror says the pairing is the mirror image of B against A (see
	// Pairing.Mirror), whose states hold its strategies: the fields below
	// are empty.
	Mirror       bool
	Keys         []uint32
	Disc, Undisc []float64
	Rules        []uint8
	// Explicit holds the strategies of the states (ExplicitKeys,
	// ascending) whose strategies cannot be recomputed from values: the
	// first seat's, then the second's.
	ExplicitKeys []uint32
	Explicit     [][2][MaxSide]float64
}

// WriteFile writes s in the current format version.
func WriteFile(w io.Writer, s *SavedSolution) error {
	bw := bufio.NewWriter(w)
	sum := crc32.NewIEEE()
	mw := io.MultiWriter(bw, sum)
	put := func(v any) {
		// Writes to a bufio.Writer fail only through Flush, checked below.
		binary.Write(mw, binary.LittleEndian, v)
	}
	io.WriteString(mw, fileMagic)
	put(uint32(FileVersion))
	put(s.Params)
	g := s.GameRules
	put([8]uint8{g.Points, g.MoveStreak, g.CharacterStreak, g.Waits, b2u8(g.NoHeadstarts), b2u8(g.BoosterRequired), 0, 0})
	put(s.Gap)
	put(uint32(len(s.Pairings)))
	for i := range s.Pairings {
		p := &s.Pairings[i]
		n := len(p.Keys)
		if len(p.Disc) != n || len(p.Undisc) != n || len(p.Rules) != n {
			return fmt.Errorf("solve: pairing %v vs %v: ragged state arrays", p.A, p.B)
		}
		put([4]uint8{uint8(p.A.Character), uint8(p.A.Booster), uint8(p.B.Character), uint8(p.B.Booster)})
		put([4]float64{p.Value, p.Lower, p.Upper, p.Gap})
		if p.Mirror {
			if n != 0 || len(p.ExplicitKeys) != 0 {
				return fmt.Errorf("solve: pairing %v vs %v: a mirror image with states", p.A, p.B)
			}
			put(uint32(mirrorStates))
			continue
		}
		put(uint32(n))
		put(p.Keys)
		put(p.Disc)
		put(p.Undisc)
		put(p.Rules)
		if len(p.Explicit) != len(p.ExplicitKeys) {
			return fmt.Errorf("solve: pairing %v vs %v: ragged explicit strategies", p.A, p.B)
		}
		put(uint32(len(p.ExplicitKeys)))
		for k, key := range p.ExplicitKeys {
			put(key)
			put(p.Explicit[k])
		}
	}
	binary.Write(bw, binary.LittleEndian, sum.Sum32())
	return bw.Flush()
}

// readHeader reads the magic and the format version, which must be
// FileVersion.
func readHeader(r io.Reader) (uint32, error) {
	magic := make([]byte, len(fileMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != fileMagic {
		return 0, errors.New("solve: not a solution file")
	}
	var version uint32
	if err := binary.Read(r, binary.LittleEndian, &version); err != nil {
		return 0, fmt.Errorf("solve: solution file truncated or corrupt: %w", err)
	}
	if version != FileVersion {
		return 0, fmt.Errorf("%w (file %d, program %d)", ErrFileVersion, version, FileVersion)
	}
	return version, nil
}

// CheckFile reports whether path holds a solution file this program can
// use, reading only its header (magic, format version, solver
// constants): cheap enough for validating a bot spec. Load still checks
// the whole file.
func CheckFile(path string) error {
	_, err := FileRules(path)
	return err
}

// FileRules returns the rules a solution file was solved for (their
// turn cap the shared one, as Solution.Rules), reading only its header
// as CheckFile does: so that a solution of other rules is refused when
// a bot is set up for a game, not found at its first decision.
func FileRules(path string) (nzsc.Rules, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nzsc.Rules{}, err
	}
	defer f.Close()
	if err := inputfile.CheckSize(f, path); err != nil {
		return nzsc.Rules{}, err // Load would refuse it at the first decision
	}
	br := bufio.NewReader(f)
	var rules [8]uint8
	_, err = readHeader(br)
	if err == nil {
		var ps [4]float64
		if err = binary.Read(br, binary.LittleEndian, &ps); err == nil {
			err = binary.Read(br, binary.LittleEndian, &rules)
		}
		if err != nil {
			err = fmt.Errorf("solve: solution file truncated or corrupt: %w", err)
		} else if ps != params {
			err = fmt.Errorf("solve: solution made with other solver constants %v (this program: %v)", ps, params)
		}
	}
	if err != nil {
		return nzsc.Rules{}, fmt.Errorf("%s: %w", path, err)
	}
	return normalRules(nzsc.Rules{Points: rules[0], MoveStreak: rules[1], CharacterStreak: rules[2], Waits: rules[3],
		NoHeadstarts: rules[4] != 0, BoosterRequired: rules[5] != 0}), nil
}

// CheckFileFor reports why the solution file at path cannot play games
// under rules r: not a solution file this program reads (CheckFile), or
// the solution of other rules (the turn cap aside), reading only its
// header.
func CheckFileFor(path string, r nzsc.Rules) error {
	fr, err := FileRules(path)
	if err != nil {
		return err
	}
	if fr != normalRules(r) {
		return fmt.Errorf("%s is the solution of other rules (%v) than the game's (%v): solve them with nzsc solve game --rule", path, fr.Options(), normalRules(r).Options())
	}
	return nil
}

// ErrFileVersion reports a solution file of another format version.
var ErrFileVersion = errors.New("solve: solution file of another format version")

// mirrorStates is the state count that marks a mirrored pairing in a
// solution file.
const mirrorStates = 1<<32 - 1

// maxFileStates bounds a pairing's state count when reading, so that
// a corrupt count cannot make the reader allocate without limit (the
// largest pairing has about 66 thousand states).
const maxFileStates = 1 << 20

// ReadFile reads a solution file.
func ReadFile(r io.Reader) (*SavedSolution, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return decodeFile(data)
}

// decodeFile decodes a whole solution file held in data.
func decodeFile(data []byte) (*SavedSolution, error) {
	version, err := readHeader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if len(data) < len(fileMagic)+8 {
		return nil, errors.New("solve: solution file truncated")
	}
	body, trailer := data[:len(data)-4], data[len(data)-4:]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(trailer) {
		return nil, errors.New("solve: solution file truncated or corrupt (bad checksum)")
	}
	fr := &fileReader{body: body, br: bytes.NewReader(body[len(fileMagic)+4:])}
	s := &SavedSolution{Version: int(version)}
	fr.get(&s.Params)
	var rules [8]uint8
	fr.get(&rules)
	s.GameRules = nzsc.Rules{Points: rules[0], MoveStreak: rules[1], CharacterStreak: rules[2], Waits: rules[3],
		NoHeadstarts: rules[4] != 0, BoosterRequired: rules[5] != 0}
	fr.get(&s.Gap)
	var np uint32
	fr.get(&np)
	if fr.err == nil && np > 1000 {
		return nil, fmt.Errorf("solve: solution file: %d pairings", np)
	}
	for range np {
		if fr.err != nil {
			break
		}
		p, ok, err := fr.pairing()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		s.Pairings = append(s.Pairings, p)
	}
	if fr.err == nil && fr.br.Len() != 0 {
		fr.err = errors.New("trailing data")
	}
	if fr.err != nil {
		return nil, fmt.Errorf("solve: solution file truncated or corrupt: %w", fr.err)
	}
	for _, p := range s.Pairings {
		for _, v := range [4]float64{p.Value, p.Lower, p.Upper, p.Gap} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, errors.New("solve: solution file holds a non-finite number")
			}
		}
	}
	return s, nil
}

// fileReader reads a solution file's body (br, over body) and keeps the
// first error (err), after which every read does nothing.
type fileReader struct {
	body []byte
	br   *bytes.Reader
	err  error
}

// get reads v as binary.Read does, little-endian.
func (fr *fileReader) get(v any) {
	if fr.err == nil {
		fr.err = binary.Read(fr.br, binary.LittleEndian, v)
	}
}

// take returns the next n bytes of the body for the large arrays,
// decoded in place rather than through binary.Read's copies.
func (fr *fileReader) take(n int) []byte {
	if fr.err != nil {
		return nil
	}
	if fr.br.Len() < n {
		fr.err = io.ErrUnexpectedEOF
		return nil
	}
	off := len(fr.body) - fr.br.Len()
	fr.br.Seek(int64(n), io.SeekCurrent)
	return fr.body[off : off+n]
}

// float64s fills dst from the next 8·len(dst) bytes.
func (fr *fileReader) float64s(dst []float64) {
	if b := fr.take(8 * len(dst)); b != nil {
		for i := range dst {
			dst[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
		}
	}
}

// pairing reads one pairing: its loadouts and values, then (unless it
// is a mirror) its states' keys, values and rules and its explicit
// strategies. ok is false when the read failed (fr.err); err is a
// count out of bounds, which ends the decoding at once.
func (fr *fileReader) pairing() (p SavedPairing, ok bool, err error) {
	var ids [4]uint8
	var vals [4]float64
	var n uint32
	fr.get(&ids)
	fr.get(&vals)
	fr.get(&n)
	if fr.err != nil {
		return p, false, nil
	}
	a := nzsc.Loadout{Character: nzsc.Character(ids[0]), Booster: nzsc.Booster(ids[1])}
	b := nzsc.Loadout{Character: nzsc.Character(ids[2]), Booster: nzsc.Booster(ids[3])}
	if n == mirrorStates {
		return SavedPairing{A: a, B: b, Value: vals[0], Lower: vals[1], Upper: vals[2], Gap: vals[3], Mirror: true}, true, nil
	}
	if n > maxFileStates {
		return p, false, fmt.Errorf("solve: solution file: pairing with %d states", n)
	}
	p = SavedPairing{
		A: a, B: b,
		Value: vals[0], Lower: vals[1], Upper: vals[2], Gap: vals[3],
		Keys: make([]uint32, n), Disc: make([]float64, n), Undisc: make([]float64, n), Rules: make([]uint8, n),
	}
	if b := fr.take(4 * len(p.Keys)); b != nil {
		for i := range p.Keys {
			p.Keys[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
	}
	fr.float64s(p.Disc)
	fr.float64s(p.Undisc)
	if b := fr.take(len(p.Rules)); b != nil {
		copy(p.Rules, b)
	}
	var m uint32
	fr.get(&m)
	if fr.err == nil && m > n {
		return p, false, fmt.Errorf("solve: solution file: %d explicit strategies for %d states", m, n)
	}
	if fr.err == nil && m > 0 {
		p.ExplicitKeys = make([]uint32, m)
		p.Explicit = make([][2][MaxSide]float64, m)
		for k := range m {
			fr.get(&p.ExplicitKeys[k])
			fr.get(&p.Explicit[k])
		}
	}
	return p, true, nil
}

// SaveFile writes s to path through a temporary file and a rename,
// so an interrupted save leaves no half-written file behind.
func SaveFile(path string, s *SavedSolution) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".solution-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if err := WriteFile(f, s); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// LoadFile reads the solution file at path.
func LoadFile(path string) (*SavedSolution, error) {
	data, err := inputfile.ReadFile(path)
	if err == nil {
		var s *SavedSolution
		if s, err = decodeFile(data); err == nil {
			return s, nil
		}
	}
	return nil, fmt.Errorf("%s: %w", path, err)
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
