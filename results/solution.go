package results

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/nzsclab/nzsc/engine"
)

// SolutionVersion is the version of the solution file format written by
// WriteSolution. A reader refuses other versions (the file is a cache:
// the caller re-solves).
const SolutionVersion = 2

// solutionMagic starts every solution file.
const solutionMagic = "NZSCSOLN"

// Solution is the solved game as saved on disk: enough for a player to
// recompute the certified strategies of every phase. The move phase of
// each ordered loadout pairing is stored state by state; the booster and
// character phases are small games recomputed from the pairings' values.
//
// File layout (gzip-compressed, little-endian):
//
//	"NZSCSOLN"  magic
//	uint32      format version (SolutionVersion)
//	4×float64   Params: Discount, Discount2, Noise, SignTol
//	float64     Gap
//	uint32      number of pairings, then for each pairing:
//	  4×uint8   A.Character, A.Booster, B.Character, B.Booster
//	  4×float64 Value, Lower, Upper, Gap
//	  uint32    number of states n
//	  n×uint32  Keys (ascending)
//	  n×float64 Disc
//	  n×float64 Undisc
//	  n×uint8   Rules
//	  uint32    number of states m with explicit strategies, then for each:
//	  uint32    Key
//	  10×float64 the two seats' strategies (StrategyWidth each)
//
// Version 2 added the explicit strategies.
type Solution struct {
	Version int
	// Params are the solver's constants the strategies depend on; a
	// reader built with other constants must not use the file.
	Params   [4]float64
	Gap      float64
	Pairings []SolvedPairing
}

// SolvedPairing is one ordered pairing's move phase.
type SolvedPairing struct {
	A, B                     engine.Loadout
	Value, Lower, Upper, Gap float64
	Keys                     []uint32
	Disc, Undisc             []float64
	Rules                    []uint8
	// Explicit holds the strategies of the states (ExplicitKeys,
	// ascending) whose strategies cannot be recomputed from values: the
	// first seat's, then the second's.
	ExplicitKeys []uint32
	Explicit     [][2][StrategyWidth]float64
}

// StrategyWidth is the length of a stored strategy (the most legal
// moves a seat has in the move phase).
const StrategyWidth = 5

// WriteSolution writes s in the current format version.
func WriteSolution(w io.Writer, s *Solution) error {
	zw := gzip.NewWriter(w)
	bw := bufio.NewWriter(zw)
	put := func(v any) {
		// Writes to a bufio.Writer fail only through Flush, checked below.
		binary.Write(bw, binary.LittleEndian, v)
	}
	bw.WriteString(solutionMagic)
	put(uint32(SolutionVersion))
	put(s.Params)
	put(s.Gap)
	put(uint32(len(s.Pairings)))
	for i := range s.Pairings {
		p := &s.Pairings[i]
		n := len(p.Keys)
		if len(p.Disc) != n || len(p.Undisc) != n || len(p.Rules) != n {
			return fmt.Errorf("results: pairing %v vs %v: ragged state arrays", p.A, p.B)
		}
		put([4]uint8{uint8(p.A.Character), uint8(p.A.Booster), uint8(p.B.Character), uint8(p.B.Booster)})
		put([4]float64{p.Value, p.Lower, p.Upper, p.Gap})
		put(uint32(n))
		put(p.Keys)
		put(p.Disc)
		put(p.Undisc)
		put(p.Rules)
		if len(p.Explicit) != len(p.ExplicitKeys) {
			return fmt.Errorf("results: pairing %v vs %v: ragged explicit strategies", p.A, p.B)
		}
		put(uint32(len(p.ExplicitKeys)))
		for k, key := range p.ExplicitKeys {
			put(key)
			put(p.Explicit[k])
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// ErrSolutionVersion reports a solution file of another format version.
var ErrSolutionVersion = errors.New("results: solution file of another format version")

// maxSolutionStates bounds a pairing's state count when reading, so that
// a corrupt count cannot make the reader allocate without limit (the
// largest pairing has about 66 thousand states).
const maxSolutionStates = 1 << 20

// ReadSolution reads a solution file.
func ReadSolution(r io.Reader) (*Solution, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("results: solution file: %w", err)
	}
	br := bufio.NewReader(zr)
	var rerr error
	get := func(v any) {
		if rerr == nil {
			rerr = binary.Read(br, binary.LittleEndian, v)
		}
	}
	magic := make([]byte, len(solutionMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != solutionMagic {
		return nil, errors.New("results: not a solution file")
	}
	var version uint32
	get(&version)
	if rerr == nil && version != SolutionVersion {
		return nil, fmt.Errorf("%w (file %d, program %d)", ErrSolutionVersion, version, SolutionVersion)
	}
	s := &Solution{Version: int(version)}
	get(&s.Params)
	get(&s.Gap)
	var np uint32
	get(&np)
	if rerr == nil && np > 1000 {
		return nil, fmt.Errorf("results: solution file: %d pairings", np)
	}
	for range np {
		if rerr != nil {
			break
		}
		var ids [4]uint8
		var vals [4]float64
		var n uint32
		get(&ids)
		get(&vals)
		get(&n)
		if rerr != nil {
			break
		}
		if n > maxSolutionStates {
			return nil, fmt.Errorf("results: solution file: pairing with %d states", n)
		}
		p := SolvedPairing{
			A:     engine.Loadout{Character: engine.Character(ids[0]), Booster: engine.Booster(ids[1])},
			B:     engine.Loadout{Character: engine.Character(ids[2]), Booster: engine.Booster(ids[3])},
			Value: vals[0], Lower: vals[1], Upper: vals[2], Gap: vals[3],
			Keys: make([]uint32, n), Disc: make([]float64, n), Undisc: make([]float64, n), Rules: make([]uint8, n),
		}
		get(p.Keys)
		get(p.Disc)
		get(p.Undisc)
		get(p.Rules)
		var m uint32
		get(&m)
		if rerr == nil && m > n {
			return nil, fmt.Errorf("results: solution file: %d explicit strategies for %d states", m, n)
		}
		if rerr == nil && m > 0 {
			p.ExplicitKeys = make([]uint32, m)
			p.Explicit = make([][2][StrategyWidth]float64, m)
			for k := range m {
				get(&p.ExplicitKeys[k])
				get(&p.Explicit[k])
			}
		}
		s.Pairings = append(s.Pairings, p)
	}
	if rerr == nil {
		// Reading to the end makes gzip verify its checksum and length.
		if _, err := br.ReadByte(); err != io.EOF {
			rerr = errors.New("trailing data or bad checksum")
			if err != nil {
				rerr = err
			}
		}
	}
	if rerr != nil {
		return nil, fmt.Errorf("results: solution file truncated or corrupt: %w", rerr)
	}
	for _, p := range s.Pairings {
		for _, v := range [4]float64{p.Value, p.Lower, p.Upper, p.Gap} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, errors.New("results: solution file holds a non-finite number")
			}
		}
	}
	return s, nil
}

// SaveSolution writes s to path through a temporary file and a rename,
// so an interrupted save leaves no half-written file behind.
func SaveSolution(path string, s *Solution) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".solution-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if err := WriteSolution(f, s); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// LoadSolution reads the solution file at path.
func LoadSolution(path string) (*Solution, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s, err := ReadSolution(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}
