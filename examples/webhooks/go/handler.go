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

// Handler verifies each delivery, stores it, answers 200, and wakes the worker that processes the
// stored events (see Worker): Kestrel needs a 2xx within 10 seconds. A delivery can arrive more
// than once; the store tells a redelivery from a new event.
func Handler(secret string, store Store, wake func()) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		// Read the raw bytes first (net/http decodes a chunked body). Decoding r.Body with
		// json.NewDecoder would consume it.
		rawBody, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				w.WriteHeader(http.StatusRequestEntityTooLarge)
				return
			}
			log.Printf("kestrel webhook: delivery not read: %v", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if err := Verify(rawBody, r.Header.Get("Kestrel-Signature"), secret); err != nil {
			log.Printf("kestrel webhook rejected: %v", err)
			// Any non-2xx answer makes Kestrel retry.
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		// Decode only after verification, from the same bytes.
		var event Event
		if err := json.Unmarshal(rawBody, &event); err != nil || event.ID == "" {
			log.Printf("kestrel webhook: body is not an event: %v", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		// Store before the 200: after a 2xx Kestrel stops retrying, so an event held only in memory
		// would be lost in a crash. A 500 makes Kestrel deliver it again later.
		isNew, err := store.Save(event)
		if err != nil {
			log.Printf("kestrel webhook %s not stored: %v", event.ID, err)
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		if isNew {
			log.Printf("stored %s", event.ID)
		} else {
			log.Printf("already stored %s", event.ID)
		}
		w.WriteHeader(http.StatusOK)
		log.Printf("answered 200 %s", event.ID)
		if isNew {
			wake()
		}
	})
}

// #endregion handler
