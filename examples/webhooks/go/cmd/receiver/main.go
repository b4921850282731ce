// Command receiver runs the Kestrel webhook handler with a FileStore and a Worker that fetches the
// entity each stored event names.
//
//	KESTREL_WEBHOOK_SECRET=... KESTREL_API_KEY=... go run ./cmd/receiver
//
// Events are kept in KESTREL_EVENTS_DIR (default kestrel-events-<PORT>). When it starts, the worker first
// processes what a crash left stored but unprocessed. A transient failure (a 429 or 5xx, a timeout)
// is tried again with backoff for as long as Kestrel keeps the event; an event that cannot be
// processed (a 404, a malformed event) is a dead letter at once (a .failed file in that
// directory); `go run ./cmd/receiver --replay-dead-letter ID` replays it when the receiver next
// starts. KESTREL_RETRY_SECONDS sets the first wait between tries.
package main

import (
	"context"
	"log"
	"net/http"
	"os"
	"strconv"
	"time"

	"kestrel.example/webhooks"
)

func main() {
	port := getenv("PORT", "3000")
	// One store per port by default: a receiver restarted on its port finds what it left.
	store := &webhooks.FileStore{Dir: getenv("KESTREL_EVENTS_DIR", "kestrel-events-"+port)}
	if len(os.Args) == 3 && os.Args[1] == "--replay-dead-letter" {
		// Once the cause is fixed; the receiver processes it when it next starts.
		replayed, err := store.ReplayDeadLetter(os.Args[2])
		if err != nil || !replayed {
			log.Fatalf("no dead letter %s %v", os.Args[2], err)
		}
		log.Printf("replaying %s", os.Args[2])
		return
	}
	secret, apiKey := os.Getenv("KESTREL_WEBHOOK_SECRET"), os.Getenv("KESTREL_API_KEY")
	if secret == "" || apiKey == "" {
		log.Fatal("Set KESTREL_WEBHOOK_SECRET and KESTREL_API_KEY.")
	}
	apiBase := getenv("KESTREL_API_BASE", "https://api.sandbox.kestrel.example/v1")
	client := &http.Client{Timeout: 10 * time.Second}
	retry := webhooks.FirstRetry
	if seconds, err := strconv.ParseFloat(os.Getenv("KESTREL_RETRY_SECONDS"), 64); err == nil && seconds > 0 {
		retry = time.Duration(seconds * float64(time.Second))
	}

	worker := &webhooks.Worker{Store: store, Retry: retry, Process: func(ctx context.Context, event webhooks.Event) error {
		body, err := webhooks.FetchEntity(ctx, client, apiBase, apiKey, event)
		if err != nil {
			return err // the worker tries again, or dead-letters what cannot succeed
		}
		log.Printf("%s %s: %s", event.EventType, event.Data.EntityID, body)
		return nil
	}}
	go worker.Run(context.Background())

	http.Handle("/webhooks/kestrel", webhooks.Handler(secret, store, worker.Wake))
	log.Printf("Listening on http://127.0.0.1:%s/webhooks/kestrel", port)
	server := &http.Server{Addr: "127.0.0.1:" + port, ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(server.ListenAndServe())
}

func getenv(name, fallback string) string {
	if value := os.Getenv(name); value != "" {
		return value
	}
	return fallback
}
