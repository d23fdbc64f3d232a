package yamlfast

import (
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// slow is the generic path Decode must agree with: goyaml.v2 into
// interface{}, JSON, then sigs.k8s.io/json with int64 preserved.
func slow(doc string) (any, error) {
	js, err := yaml.YAMLToJSON([]byte(doc))
	if err != nil {
		return nil, err
	}
	var v any
	if err := kjson.UnmarshalCaseSensitivePreserveInts(js, &v); err != nil {
		return nil, err
	}
	return v, nil
}
