package game

import (
	"fmt"
	"slices"
	"strings"
)

// registry holds every game kind; game packages register themselves from
// init, and a command imports the games it offers.
var registry = map[string]*Info{}

// Register adds a game kind; it panics on a duplicate or incomplete entry,
// a programmer error.
func Register(i *Info) {
	switch {
	case i.Name == "" || i.New == nil:
		panic("game: Register needs a name and New")
	case i.MinSeats < 1 || i.MaxSeats < i.MinSeats || i.MaxSeats > MaxSeats:
		panic("game: " + i.Name + ": bad seat range")
	}
	if _, dup := registry[i.Name]; dup {
		panic("game: duplicate game " + i.Name)
	}
	registry[i.Name] = i
}

// Lookup returns the game kind called name, or an error listing the known
// ones.
func Lookup(name string) (*Info, error) {
	if i, ok := registry[strings.ToLower(strings.TrimSpace(name))]; ok {
		return i, nil
	}
	var known []string
	for _, i := range Registered() {
		known = append(known, i.Name)
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(known, ", "))
}

// Registered returns every game kind, sorted by name.
func Registered() []*Info {
	out := make([]*Info, 0, len(registry))
	for _, i := range registry {
		out = append(out, i)
	}
	slices.SortFunc(out, func(a, b *Info) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Build returns the game name for seats players under rules: the registry
// lookup, the seat range and the rules checked, one error for any of them.
func Build(name string, seats int, rules Rules) (Game, error) {
	i, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	if seats < i.MinSeats || seats > i.MaxSeats {
		if i.MinSeats == i.MaxSeats {
			return nil, fmt.Errorf("%s is played by %d players, not %d", i.Name, i.MinSeats, seats)
		}
		return nil, fmt.Errorf("%s is played by %d to %d players, not %d", i.Name, i.MinSeats, i.MaxSeats, seats)
	}
	if err := i.CheckRuleKeys(rules); err != nil {
		return nil, err
	}
	return i.New(seats, rules)
}

// CheckRuleKeys reports a key that is not one of the game's rule options.
func (i *Info) CheckRuleKeys(r Rules) error {
	for k := range r {
		if !slices.ContainsFunc(i.Rules, func(o RuleOption) bool { return o.Key == k }) {
			var keys []string
			for _, o := range i.Rules {
				keys = append(keys, o.Key)
			}
			return fmt.Errorf("%s has no rule %q (rules: %s)", i.Name, k, strings.Join(keys, ", "))
		}
	}
	return nil
}

// Value returns rule option key's value in r, or its default.
func (i *Info) Value(r Rules, key string) string {
	if v, ok := r[key]; ok {
		return v
	}
	for _, o := range i.Rules {
		if o.Key == key {
			return o.Default
		}
	}
	panic("game: " + i.Name + " has no rule option " + key)
}

// ParseRules reads key=value settings (as given to --rule, one each) into
// Rules; a repeated key or a setting without "=" is an error.
func ParseRules(settings []string) (Rules, error) {
	r := Rules{}
	for _, s := range settings {
		k, v, ok := strings.Cut(s, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, fmt.Errorf("rule %q is not key=value", s)
		}
		if _, dup := r[k]; dup {
			return nil, fmt.Errorf("rule %q given twice", k)
		}
		r[k] = strings.TrimSpace(v)
	}
	return r, nil
}
