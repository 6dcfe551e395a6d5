package agents

import (
	"fmt"
	"github.com/nzsclab/nzsc/internal/numfmt"
	"os/exec"
	"strings"
	"time"
)

// execSpec is a parsed exec bot argument (the part after "exec:").
type execSpec struct {
	// argv is the command: the program, then its arguments.
	argv []string
	// options go to the bot in the hello, in spec order; keys lists them
	// in that order so that error messages are stable.
	options map[string]string
	keys    []string
	// timeout and handshake are set when the spec gives them (else 0:
	// the package defaults apply).
	timeout, handshake time.Duration
	// alias is the bot's name= (nzsc's, not sent to the bot).
	alias string
	// noise is the bot's noise= as typed (nzsc's, not sent to the bot:
	// the wrapper replaces its choices, see NoiseOption); noiseSet says
	// the spec gives one.
	noise    string
	noiseSet bool
	// tc is the bot's clock (nzsc's, not sent to the bot), nil: none.
	tc *TimeControl
}

// Options read by nzsc itself rather than passed to the bot.
const (
	execOptTimeout   = "timeout"
	execOptHandshake = "handshake"
)

// parseExecSpec reads an exec bot argument:
//
//	COMMAND [; key=value]...
//
// COMMAND is split into words as a POSIX shell would, without any
// expansion: blanks separate words; 'single quotes' keep everything
// literally; "double quotes" keep everything but \" and \\, which stand
// for " and \; outside quotes a backslash makes the next character
// literal. An unquoted ';' ends the command; each following ';'-separated
// part is one word of the form key=value (quote a value with blanks or
// ';'). Empty parts are skipped. Commas are not special.
func parseExecSpec(arg string) (*execSpec, error) {
	segs, err := splitWords(arg)
	if err != nil {
		return nil, err
	}
	sp := &execSpec{argv: segs[0], options: map[string]string{}}
	if len(sp.argv) == 0 {
		return nil, fmt.Errorf("exec: no command (want exec:PROGRAM [ARGS...][;key=value...])")
	}
	seen := map[string]struct{}{}
	for _, seg := range segs[1:] {
		if len(seg) == 0 {
			continue
		}
		if len(seg) > 1 {
			return nil, fmt.Errorf("exec: option %q is not one key=value word (quote values with blanks)", strings.Join(seg, " "))
		}
		k, v, ok := strings.Cut(seg[0], "=")
		if !ok || !validOptionKey(k) {
			return nil, fmt.Errorf("exec: option %q is not key=value with a key of letters, digits, '_', '-' or '.'", seg[0])
		}
		if _, dup := seen[k]; dup {
			return nil, fmt.Errorf("exec: option %q given twice", k)
		}
		seen[k] = struct{}{}
		switch k {
		case NameOption:
			if sp.alias, err = checkAlias(v); err != nil {
				return nil, fmt.Errorf("exec: %v", err)
			}
			continue
		case NoiseOption:
			if _, err := ParseNoise(v); err != nil {
				return nil, fmt.Errorf("exec: %v", err)
			}
			sp.noise, sp.noiseSet = v, true
			continue
		case ClockOption:
			tc, err := ParseTimeControl(v)
			if err != nil {
				return nil, fmt.Errorf("exec: %v", err)
			}
			sp.tc = &tc
			continue
		case execOptTimeout, execOptHandshake:
			d, err := parseSeconds(v)
			if err != nil {
				return nil, fmt.Errorf("exec: option %s=%q: %v", k, v, err)
			}
			if k == execOptTimeout {
				sp.timeout = d
			} else {
				sp.handshake = d
			}
			continue
		}
		sp.options[k] = v
		sp.keys = append(sp.keys, k)
	}
	return sp, nil
}

// execNames implements Info.Names for exec bots: the alias (name=) and
// the argument without the options nzsc reads itself (name, timeout,
// handshake), each kept option as typed.
func execNames(arg string) (alias, base string, err error) {
	sp, err := parseExecSpec(arg)
	if err != nil {
		return "", "", err
	}
	raw := rawSegments(arg)
	kept := []string{strings.TrimSpace(raw[0])}
	for _, seg := range raw[1:] {
		words, err := splitWords(seg)
		if err == nil && len(words) == 1 && len(words[0]) == 1 {
			k, _, _ := strings.Cut(words[0][0], "=")
			if k == NameOption || k == execOptTimeout || k == execOptHandshake {
				continue
			}
		}
		if t := strings.TrimSpace(seg); t != "" {
			kept = append(kept, t)
		}
	}
	return sp.alias, strings.Join(kept, ";"), nil
}

// rawSegments cuts s at the ';' that splitWords treats as separators
// (outside quotes, not escaped), keeping each segment's text as typed.
func rawSegments(s string) []string {
	var segs []string
	rs := []rune(s)
	start := 0
	var quote rune
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote == '\'':
			if r == '\'' {
				quote = 0
			}
		case quote == '"':
			if r == '\\' {
				i++
			} else if r == '"' {
				quote = 0
			}
		case r == '\\':
			i++
		case r == '\'' || r == '"':
			quote = r
		case r == ';':
			segs = append(segs, string(rs[start:i]))
			start = i + 1
		}
	}
	return append(segs, string(rs[min(start, len(rs)):]))
}

func validOptionKey(k string) bool {
	if k == "" {
		return false
	}
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// parseSeconds reads a positive duration up to MaxExecTimeout: a Go duration ("500ms", "2s")
// or a plain number of seconds ("0.5").
func parseSeconds(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil {
		f, ferr := numfmt.ParseDecimal(v)
		if ferr != nil {
			return 0, fmt.Errorf("not a duration (such as 500ms, 2s or 1.5)")
		}
		d = time.Duration(f * float64(time.Second))
	}
	if !(d > 0 && d <= MaxExecTimeout) {
		return 0, fmt.Errorf("must be positive and at most %v", MaxExecTimeout)
	}
	return d, nil
}

// splitWords splits s into ';'-separated segments of shell-like words.
func splitWords(s string) ([][]string, error) {
	var (
		segs   [][]string
		words  []string
		word   strings.Builder
		inWord bool // a word has started (possibly empty, as '')
	)
	endWord := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			endWord()
		case r == ';':
			endWord()
			segs = append(segs, words)
			words = nil
		case r == '\\':
			if i+1 == len(rs) {
				return nil, fmt.Errorf("exec: spec ends with a backslash")
			}
			i++
			word.WriteRune(rs[i])
			inWord = true
		case r == '\'':
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				j++
			}
			if j == len(rs) {
				return nil, fmt.Errorf("exec: unterminated ' quote in %q", s)
			}
			word.WriteString(string(rs[i+1 : j]))
			inWord = true
			i = j
		case r == '"':
			j := i + 1
			for ; j < len(rs) && rs[j] != '"'; j++ {
				if rs[j] == '\\' && j+1 < len(rs) && (rs[j+1] == '"' || rs[j+1] == '\\') {
					j++
				}
				word.WriteRune(rs[j])
			}
			if j == len(rs) {
				return nil, fmt.Errorf("exec: unterminated \" quote in %q", s)
			}
			inWord = true
			i = j
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	endWord()
	return append(segs, words), nil
}

// lookProgram resolves the program as exec.Command would, so that a
// missing program is reported when the spec is read, not in a game.
func lookProgram(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("exec: program %q not found or not executable", name)
	}
	return p, nil
}
