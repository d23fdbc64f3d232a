package layers

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/analyzer/facts"
)

// quantityMaps are the maps whose values are resource quantities.
var quantityMaps = map[string]bool{
	"limits": true, "requests": true, "capacity": true, "allocatable": true, "hard": true,
}

// isQuantityPath reports whether the leaf at p holds a resource quantity.
func isQuantityPath(p fieldPath) bool {
	if len(p) == 0 {
		return false
	}
	if p[len(p)-1].key == "sizeLimit" {
		return true
	}
	return len(p) >= 2 && quantityMaps[p[len(p)-2].key]
}

// scalarEqual compares two leaf values the way the API server would see
// them: quantities by value (0.5 = 500m, 1Gi = 1024Mi), numbers and numeric
// strings by value, and an expected zero value equal to an absent one,
// because the server drops omitempty zero fields.
func scalarEqual(exp, obs any, quantity bool) bool {
	if obs == nil {
		return isZero(exp)
	}
	if quantity {
		qe, okE := facts.AsQuantity(exp)
		qo, okO := facts.AsQuantity(obs)
		if okE && okO {
			return qe.Cmp(qo) == 0
		}
	}
	if es, ok := exp.(string); ok && strings.Contains(es, "${") && substituted(es, obs) {
		return true
	}
	// Two strings compare as text (below too); deciding that first spares
	// parsing them as numbers, and most declared leaves are strings.
	if es, ok := exp.(string); ok {
		if os, ok := obs.(string); ok {
			return es == os
		}
	}
	fe, numE := toFloat(exp)
	fo, numO := toFloat(obs)
	if numE && numO {
		_, strE := exp.(string)
		_, strO := obs.(string)
		// Two strings are compared as text ("08" is not "8" in an env
		// value); a number against a numeric string is compared by value.
		if !(strE && strO) {
			return fe == fo
		}
	}
	return cmp.Equal(exp, obs)
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case int:
		return float64(x), true
	case float64:
		return x, true
	case string:
		f, err := strconv.ParseFloat(x, 64)
		return f, err == nil
	}
	return 0, false
}

// isZero reports whether v is a value the server omits when serialising.
func isZero(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return x == ""
	case int64:
		return x == 0
	case int:
		return x == 0
	case float64:
		return x == 0
	case map[string]any:
		return len(x) == 0
	case []any:
		return len(x) == 0
	}
	return false
}

var substVar = regexp.MustCompile(`\$\{[A-Za-z_][A-Za-z0-9_]*(?::?[-=][^}]*)?\}`)

// substituted reports whether obs is exp with its ${VAR} references filled
// in: Flux's postBuild substitution runs after the rendering the bundle
// records, so a rendered ${CLUSTER_NAME} stands for whatever was applied.
// The text around the variables must still match.
func substituted(exp string, obs any) bool {
	parts := substVar.Split(exp, -1)
	if len(parts) < 2 {
		return false
	}
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	re, err := regexp.Compile("^" + strings.Join(parts, "(?s:.*)") + "$")
	if err != nil {
		return false
	}
	return re.MatchString(fmt.Sprint(obs))
}
