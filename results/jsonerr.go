package results

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// plainJSON rewrites the part of err that encoding/json wrote in Go's
// words ("cannot unmarshal number -4 into Go struct field
// .manifestFields.games_per_pairing of type uint64") in the file's: the
// field, what it holds and what goes there. The rest of err (a path,
// the tally's own prefix) is kept; an error json did not write is
// returned as it is.
func plainJSON(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &te):
		plain := fmt.Sprintf("%s where %s goes", te.Value, jsonWant(te.Type))
		if f := jsonField(te.Field); f != "" {
			plain = "field " + f + ": " + plain
		}
		return errors.New(strings.Replace(err.Error(), te.Error(), plain, 1))
	case errors.As(err, &se):
		plain := fmt.Sprintf("not JSON: %s (byte %d)", strings.TrimPrefix(se.Error(), "json: "), se.Offset)
		if strings.Contains(se.Error(), "unexpected end of JSON input") {
			plain = fmt.Sprintf("not JSON: it ends early, at byte %d (cut short?)", se.Offset)
		}
		return errors.New(strings.Replace(err.Error(), se.Error(), plain, 1))
	}
	return err
}

// jsonField is the path of a JSON field as the file spells it: json
// names an embedded struct's field through the Go type ("manifestFields.
// games_per_pairing", "Tournament.pairings.turns"), whose names, unlike
// the files' snake_case keys, hold capitals.
func jsonField(path string) string {
	var keep []string
	for _, p := range strings.Split(path, ".") {
		if p != "" && strings.ToLower(p) == p {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, ".")
}

// jsonWant names what a JSON value of Go type t is, in the file's words.
func jsonWant(t reflect.Type) string {
	if t == nil {
		return "another kind of value"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fmt.Sprintf("a whole number of magnitude below 2^%d", t.Bits()-1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("a whole number from 0 to 2^%d-1", t.Bits())
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return jsonWant(t.Elem())
	}
	return "another kind of value"
}
