package webhooks

import (
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
)

// Event is a Kestrel webhook event: thin, it names the entity that changed.
type Event struct {
	ID             string `json:"id"`
	EventType      string `json:"eventType"`
	WebhookVersion string `json:"webhookVersion"`
	Data           struct {
		EntityID string   `json:"entityId"`
		Changes  []string `json:"changes"`
	} `json:"data"`
	Created         string `json:"created"`
	DeliverySuccess bool   `json:"deliverySuccess"`
}

const maxBodyBytes = 1 << 20

// #region handler

// Handler verifies each delivery, answers 200 at once, and hands the event to process in a
// goroutine: Kestrel needs a 2xx within 10 seconds. process must be idempotent, because a
// delivery can arrive more than once.
func Handler(secret string, process func(Event)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		// Read the raw bytes first. Decoding r.Body with json.NewDecoder would consume it.
		rawBody, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
		if err != nil {
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			return
		}
		if err := Verify(rawBody, r.Header.Get("Kestrel-Signature"), secret); err != nil {
			var signatureErr *SignatureError
			if errors.As(err, &signatureErr) {
				log.Printf("kestrel webhook rejected: %v", signatureErr)
			}
			// Any non-2xx answer makes Kestrel retry.
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		// Decode only after verification, from the same bytes.
		var event Event
		if err := json.Unmarshal(rawBody, &event); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusOK)
		go process(event)
	})
}

// #endregion handler
