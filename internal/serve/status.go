package serve

import (
	"encoding/json"
	"fmt"
	"net/http"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// writeStatus answers with a metav1.Status, which kubectl prints as
// "Error from server (Reason): message".
func writeStatus(w http.ResponseWriter, code int, reason metav1.StatusReason, format string, args ...any) {
	st := metav1.Status{
		TypeMeta: metav1.TypeMeta{Kind: "Status", APIVersion: "v1"},
		Status:   metav1.StatusFailure,
		Message:  fmt.Sprintf(format, args...),
		Reason:   reason,
		Code:     int32(code),
	}
	writeJSON(w, code, st)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "rift serve: encoding the answer: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_, _ = w.Write(data)
}

func notFound(w http.ResponseWriter, rq request, what string) {
	if what == "" {
		what = fmt.Sprintf("%s %q not found", rq.resource, rq.name)
	}
	writeStatus(w, http.StatusNotFound, metav1.StatusReasonNotFound, "%s", what)
}

func badRequest(w http.ResponseWriter, format string, args ...any) {
	writeStatus(w, http.StatusBadRequest, metav1.StatusReasonBadRequest, format, args...)
}
