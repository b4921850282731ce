// Command receiver runs the Kestrel webhook handler with a FileStore and a Worker that fetches the
// entity each stored event names.
//
//	KESTREL_WEBHOOK_SECRET=... KESTREL_API_KEY=... go run ./cmd/receiver
//
// Events are kept in KESTREL_EVENTS_DIR (default kestrel-events-<PORT>). When it starts, the worker first
// processes what a crash left stored but unprocessed. An event whose processing failed
// webhooks.MaxProcessingAttempts times is a dead letter (a .failed file in that directory);
// `go run ./cmd/receiver --replay-dead-letter ID` replays it when the receiver next starts.
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
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
	retry := 30 * time.Second
	if seconds, err := strconv.ParseFloat(os.Getenv("KESTREL_RETRY_SECONDS"), 64); err == nil && seconds > 0 {
		retry = time.Duration(seconds * float64(time.Second))
	}

	worker := &webhooks.Worker{Store: store, Retry: retry, Process: func(ctx context.Context, event webhooks.Event) error {
		path := webhooks.EntityPaths[event.EventType] // the worker skips the types it does not list
		request, err := http.NewRequestWithContext(ctx, http.MethodGet, apiBase+fmt.Sprintf(path, url.PathEscape(event.Data.EntityID)), nil)
		if err != nil {
			return err
		}
		request.Header.Set("Authorization", "Bearer "+apiKey)
		request.Header.Set("Accept", "application/json")
		response, err := client.Do(request)
		if err != nil {
			return err // the event stays stored; the worker tries again
		}
		defer response.Body.Close()
		body, err := io.ReadAll(response.Body)
		if err != nil {
			return err
		}
		if response.StatusCode != http.StatusOK {
			return fmt.Errorf("GET %s answered %d", request.URL.Path, response.StatusCode)
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
