package yamlfast

import (
	"math"
	"strconv"
	"strings"
)

// resolveHint mirrors goyaml.v2's resolve table: a plain scalar whose first
// byte has no hint is always a string.
var resolveHint = func() (t [256]byte) {
	t['+'], t['-'] = 'S', 'S'
	for c := '0'; c <= '9'; c++ {
		t[c] = 'D'
	}
	for _, c := range "yYnNtTfFoO~" {
		t[c] = 'M'
	}
	t['.'] = '.'
	return t
}()

// resolve turns a plain scalar into its value, boxing strings through the
// cache.
func (d *Decoder) resolve(s string) (any, bool) {
	if resolveHint[s[0]] == 0 {
		return d.box.str(s), true
	}
	v, isString, ok := resolvePlain(s)
	if isString {
		return d.box.str(s), ok
	}
	return v, ok
}

// resolvePlain repeats goyaml.v2's resolve for an untagged plain scalar and
// then what the JSON round trip does to the result: ints become int64,
// integral floats within int64 become int64, uint64 beyond int64 becomes
// float64. Infinity and NaN, which JSON cannot carry, are refused, as is
// the merge key. isString reports that the value is in itself, a string
// (timestamps included: v2 keeps them as strings in interface{}); v is then
// nil, so that no string is boxed twice.
func resolvePlain(in string) (v any, isString, ok bool) {
	switch in {
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return true, false, true
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return false, false, true
	case "", "~", "null", "Null", "NULL":
		return nil, false, true
	case ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF",
		"-.inf", "-.Inf", "-.INF", "<<":
		return nil, false, false
	}
	switch resolveHint[in[0]] {
	case '.':
		if f, err := strconv.ParseFloat(in, 64); err == nil {
			v, ok = jsonFloat(f)
			return v, false, ok
		}
	case 'D', 'S':
		if v, ok = resolveNumber(in); v != nil || !ok {
			return v, false, ok
		}
	}
	return nil, true, true
}

// resolveNumber is the digit and sign branch of goyaml.v2's resolve. It
// returns nil for a string. Parsing is only tried on text that could parse,
// as every failed strconv call allocates its error.
func resolveNumber(in string) (any, bool) {
	if isTimestamp(in) {
		return nil, true
	}
	plain := in
	if strings.IndexByte(in, '_') >= 0 {
		plain = strings.ReplaceAll(in, "_", "")
	}
	if intText(plain) {
		if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return i, true
		}
		if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
			return jsonUint(u)
		}
	}
	if yamlStyleFloat(plain) {
		if f, err := strconv.ParseFloat(plain, 64); err == nil {
			return jsonFloat(f)
		}
	}
	if !intText(plain) {
		return nil, true
	}
	if strings.HasPrefix(plain, "0b") {
		if i, err := strconv.ParseInt(plain[2:], 2, 64); err == nil {
			return i, true
		}
		if u, err := strconv.ParseUint(plain[2:], 2, 64); err == nil {
			return jsonUint(u)
		}
	} else if strings.HasPrefix(plain, "-0b") {
		if i, err := strconv.ParseInt("-"+plain[3:], 2, 64); err == nil {
			return i, true
		}
	}
	return nil, true
}

// intText reports whether s has only characters strconv's integer parsing
// with base prefixes can accept.
func intText(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
		case c == 'x' || c == 'X' || c == 'o' || c == 'O' || c == '+' || c == '-' || c == '_':
		default:
			return false
		}
	}
	return true
}

// jsonFloat is what encoding/json then PreserveInts make of a float64:
// integral ones below 1e21 print as their shortest digits padded with
// zeros, without a fraction, and come back as int64 when that text fits.
func jsonFloat(f float64) (any, bool) {
	switch {
	case math.IsInf(f, 0) || math.IsNaN(f):
		return nil, false
	case f != math.Trunc(f) || math.Abs(f) >= 1e21:
		return f, true
	case math.Abs(f) < 1<<53:
		return int64(f), true
	}
	if i, err := strconv.ParseInt(strconv.FormatFloat(f, 'f', -1, 64), 10, 64); err == nil {
		return i, true
	}
	return f, true
}

// jsonUint is what the round trip makes of a uint64 beyond int64: its
// decimal text read back as float64.
func jsonUint(u uint64) (any, bool) {
	f, err := strconv.ParseFloat(strconv.FormatUint(u, 10), 64)
	return f, err == nil
}
