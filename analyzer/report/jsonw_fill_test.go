package report

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"time"
)

// awkwardStrings are the strings encoding/json treats specially: quotes,
// backslashes, every kind of control byte, HTML characters, U+2028 and
// U+2029, invalid and truncated UTF-8, and plain multi-byte text.
var awkwardStrings = []string{
	"", "a", "Readiness probe failed: HTTP probe failed with statuscode: 503",
	`say "hi" \ there`, "line\nbreak\r\ttab\b\f", "\x00\x01\x1f\x7f",
	"<script>a && b</script>", "\u2028\u2029", "\xff\xfe", "trunc\xe2\x80",
	"世界 ✓ 🚀", "\u00e9\u0301", "é\xc3", "\xed\xa0\x80 surrogate",
}

// awkwardRaw are raw divergence values, including spacing encoding/json
// compacts away and HTML it escapes in the compact form.
var awkwardRaw = []json.RawMessage{
	nil, json.RawMessage(`3`), json.RawMessage(`"<b>&\u2028"`),
	json.RawMessage(" { \"a\" : [ 1 , 2, {} , [] ], \"b\": null }\n"),
	json.RawMessage(`{"x":{"y":{"z":["` + "\u2028<>&" + `"]}}}`), json.RawMessage(`[]`), json.RawMessage(`true`),
	json.RawMessage(strings.Repeat(`{"deep": [`, 20) + `-1.5e3` + strings.Repeat(`]}`, 20)),
	json.RawMessage("[\"\xff\u2029 \\\" \\u00e9\", {\"k\xfe\": 0.10}]"),
}

var awkwardInts = []int64{0, 1, -1, 7, 1 << 40, math.MaxInt64, math.MinInt64}

var zones = []*time.Location{
	time.UTC, time.FixedZone("plus", 5*3600+30*60), time.FixedZone("minus", -8*3600),
	time.FixedZone("odd", 3600+45), time.FixedZone("max", 23*3600+59*60),
}

var nanos = []int{0, 1, 100, 500_000_000, 123_456_789, 120_000_000}

// fill sets every settable field reachable from v to a random value; slices
// are nil, empty or short and pointers nil or set, so that omitempty and
// null are exercised on every field.
func fill(v reflect.Value, rng *rand.Rand) {
	switch v.Type() {
	case reflect.TypeFor[time.Time]():
		sec := rng.Int64N(253402300799) // up to 9999-12-31
		t := time.Unix(sec, int64(nanos[rng.IntN(len(nanos))])).In(zones[rng.IntN(len(zones))])
		v.Set(reflect.ValueOf(t))
		return
	case reflect.TypeFor[json.RawMessage]():
		v.Set(reflect.ValueOf(awkwardRaw[rng.IntN(len(awkwardRaw))]))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(awkwardStrings[rng.IntN(len(awkwardStrings))])
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 1)
	case reflect.Int, reflect.Int64, reflect.Int32:
		n := awkwardInts[rng.IntN(len(awkwardInts))]
		if v.OverflowInt(n) {
			n = int64(rng.IntN(1000)) - 500
		}
		v.SetInt(n)
	case reflect.Pointer:
		if rng.IntN(3) > 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fill(v.Elem(), rng)
		}
	case reflect.Slice:
		switch n := rng.IntN(5); n {
		case 0: // nil
		default:
			v.Set(reflect.MakeSlice(v.Type(), n-1, n-1))
			for i := range n - 1 {
				fill(v.Index(i), rng)
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), rng)
		}
	case reflect.Map:
		if n := rng.IntN(4); n > 0 {
			v.Set(reflect.MakeMap(v.Type()))
			for range n {
				k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
				fill(k, rng)
				fill(e, rng)
				v.SetMapIndex(k, e)
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				fill(f, rng)
			}
		}
	default:
		panic("fill: no random value for " + v.Type().String())
	}
}

// valueOf is the settable value p points to.
func valueOf(p any) reflect.Value { return reflect.ValueOf(p).Elem() }
