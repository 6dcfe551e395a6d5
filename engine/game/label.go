package game

import "fmt"

// Label is the name for people of the registered game called name at a
// table of seats: its Title, and the players where the registry entry
// plays more than one number of seats ("Ninja Zombie Samurai Clown, 3
// players"; "Ninja Pirate Zombie Robot"). Every page and command that
// names a game at a table names it so. It asks the registry rather than a
// game's own Info, which may describe one table size only (two-player
// NZSC's adapter); an unregistered name is returned as it is.
func Label(name string, seats int) string {
	i, err := Lookup(name)
	if err != nil {
		return name
	}
	if i.MinSeats == i.MaxSeats {
		return i.Title
	}
	return fmt.Sprintf("%s, %d players", i.Title, seats)
}
