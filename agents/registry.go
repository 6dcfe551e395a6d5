package agents

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Param describes one parameter a bot accepts.
type Param struct {
	Name    string
	Default string
	Help    string
}

// Info describes a registered bot kind.
type Info struct {
	Name   string
	Help   string
	Params []Param
	// New builds one independent instance from validated parameters
	// (every declared parameter is present, defaults filled in).
	New func(Params) (Agent, error)
	// Prefix marks a kind whose spec is "name:ARG" with a free-form
	// argument (such as exec:PATH) instead of key=value parameters; the
	// argument arrives as Params["arg"].
	Prefix bool
}

var registry = map[string]Info{}

// Register adds a bot kind; it panics on a duplicate name, a programmer
// error.
func Register(i Info) {
	if _, dup := registry[i.Name]; dup {
		panic("agents: duplicate bot " + i.Name)
	}
	registry[i.Name] = i
}

// Registered returns every bot kind, sorted by name.
func Registered() []Info {
	out := make([]Info, 0, len(registry))
	for _, i := range registry {
		out = append(out, i)
	}
	slices.SortFunc(out, func(a, b Info) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Params are a bot's parameters as parsed from its spec.
type Params map[string]string

// Int returns parameter k as an int.
func (p Params) Int(k string) (int, error) {
	v, err := strconv.Atoi(p[k])
	if err != nil {
		return 0, fmt.Errorf("parameter %s=%q is not an integer", k, p[k])
	}
	return v, nil
}

// Float returns parameter k as a float64.
func (p Params) Float(k string) (float64, error) {
	v, err := strconv.ParseFloat(p[k], 64)
	if err != nil {
		return 0, fmt.Errorf("parameter %s=%q is not a number", k, p[k])
	}
	return v, nil
}

// Bot is a parsed, validated bot spec; it builds instances.
type Bot struct {
	// Spec is the spec string as given.
	Spec   string
	Info   Info
	Params Params
}

// Name returns the spec, which identifies the configured bot in results.
func (b *Bot) Name() string { return b.Spec }

// New builds a fresh instance (one per worker).
func (b *Bot) New() (Agent, error) {
	a, err := b.Info.New(b.Params)
	if err != nil {
		return nil, fmt.Errorf("bot %s: %w", b.Spec, err)
	}
	return a, nil
}

// Parse reads a spec "name" or "name:key=value,key=value" and checks the
// name and parameters against the registry.
func Parse(spec string) (*Bot, error) {
	name, rest, hasParams := strings.Cut(strings.TrimSpace(spec), ":")
	info, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("unknown bot %q (known: %s)", name, knownNames())
	}
	params := Params{}
	if info.Prefix {
		if rest == "" {
			return nil, fmt.Errorf("bot %q needs an argument: %s:ARG", name, name)
		}
		params["arg"] = rest
		return validated(&Bot{Spec: spec, Info: info, Params: params})
	}
	for _, p := range info.Params {
		params[p.Name] = p.Default
	}
	if hasParams && rest != "" {
		for _, kv := range strings.Split(rest, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k = strings.TrimSpace(k)
			if !ok || k == "" {
				return nil, fmt.Errorf("bot %q: parameter %q is not key=value", name, kv)
			}
			if !slices.ContainsFunc(info.Params, func(p Param) bool { return p.Name == k }) {
				return nil, fmt.Errorf("bot %q has no parameter %q (parameters: %s)", name, k, paramNames(info))
			}
			params[k] = strings.TrimSpace(v)
		}
	}
	return validated(&Bot{Spec: spec, Info: info, Params: params})
}

// validated builds b once so that bad values are reported now, not in a
// worker. Building starts nothing (external programs start at their first
// decision), so it is cheap.
func validated(b *Bot) (*Bot, error) {
	a, err := b.New()
	if err != nil {
		return nil, err
	}
	if c, ok := a.(Closer); ok {
		c.Close()
	}
	return b, nil
}

func knownNames() string {
	var names []string
	for _, i := range Registered() {
		if i.Prefix {
			names = append(names, i.Name+":ARG")
		} else {
			names = append(names, i.Name)
		}
	}
	return strings.Join(names, ", ")
}

func paramNames(i Info) string {
	if len(i.Params) == 0 {
		return "none"
	}
	var names []string
	for _, p := range i.Params {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}
