package collector

import (
	"context"
	"encoding/json"
	"strconv"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// tableAccept asks the API server for its printed table of a list, as
// kubectl get does. For Secrets the table has Name, Type, Data (a count)
// and Age: the type without the data.
const tableAccept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json"

// secretTypes returns the type of each Secret in ns by name, read from the
// server-side table with includeObject=None, so no value is sent. The
// metadata API, which the Secrets themselves come from, does not carry the
// type. Any failure returns what was read so far: the type is an extra.
func (r *run) secretTypes(ctx context.Context, ns string) map[string]string {
	types := map[string]string{}
	paginate(ctx, r.cfg.PageSize, func(ctx context.Context, opts metav1.ListOptions) (string, error) {
		raw, err := r.cs.CoreV1().RESTClient().Get().Namespace(ns).Resource(secretsResource).
			Param("includeObject", "None").Param("limit", strconv.FormatInt(opts.Limit, 10)).
			Param("continue", opts.Continue).SetHeader("Accept", tableAccept).Do(ctx).Raw()
		if err != nil {
			return "", err
		}
		var tab metav1.Table
		if err := json.Unmarshal(raw, &tab); err != nil {
			return "", err
		}
		nameCol, typeCol := -1, -1
		for i, c := range tab.ColumnDefinitions {
			switch c.Name {
			case "Name":
				nameCol = i
			case "Type":
				typeCol = i
			}
		}
		if nameCol < 0 || typeCol < 0 {
			return "", nil
		}
		for _, row := range tab.Rows {
			if len(row.Cells) <= max(nameCol, typeCol) {
				continue
			}
			n, _ := row.Cells[nameCol].(string)
			t, _ := row.Cells[typeCol].(string)
			if n != "" && t != "" {
				types[n] = t
			}
		}
		return tab.Continue, nil
	})
	return types
}
