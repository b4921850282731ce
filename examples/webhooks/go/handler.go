package webhooks

import (
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"sync"
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

// Store keeps each verified event before the handler answers: a 2xx tells Kestrel the event is
// safe, and Kestrel stops retrying it.
type Store interface {
	// Save stores the event durably. It reports false when the event's ID was stored before.
	Save(event Event) (isNew bool, err error)
}

// MemoryStore is a Store in memory, to try the handler out. It loses events when the process
// stops: in production, insert into a table with a unique constraint on the event ID, or put the
// event on a durable queue.
type MemoryStore struct {
	mu     sync.Mutex
	ids    map[string]bool
	Events []Event
}

// Save stores the event unless its ID was stored before.
func (s *MemoryStore) Save(event Event) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids == nil {
		s.ids = map[string]bool{}
	}
	if s.ids[event.ID] {
		return false, nil
	}
	s.ids[event.ID] = true
	s.Events = append(s.Events, event)
	return true, nil
}

// #region handler

// Handler verifies each delivery, stores it, answers 200, and hands a new event to process in a
// goroutine: Kestrel needs a 2xx within 10 seconds. A delivery can arrive more than once; the
// store tells a redelivery from a new event.
func Handler(secret string, store Store, process func(Event)) http.Handler {
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
		// Store before the 200: after a 2xx Kestrel stops retrying, so an event held only in memory
		// would be lost in a crash. A 500 makes Kestrel deliver it again later.
		isNew, err := store.Save(event)
		if err != nil {
			log.Printf("kestrel webhook %s not stored: %v", event.ID, err)
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
		if isNew {
			go process(event)
		}
	})
}

// #endregion handler
