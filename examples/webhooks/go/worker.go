package webhooks

import (
	"context"
	"fmt"
	"log"
	"sync"
	"time"
)

// #region worker

// MaxProcessingAttempts is how many times the worker tries to process one event before it
// dead-letters it. The same in the Node.js, Python and Go receivers: at the default 30-second
// wait, about two minutes of tries.
const MaxProcessingAttempts = 5

// Worker processes the stored events with a fixed number of goroutines. Each event's work runs
// once at a time; when it succeeds the event is marked processed. An event of a type not in
// EntityPaths is marked processed without calling Process. A failure or a panic is logged and
// counted, and the event stays stored, to try again after Retry; after MaxProcessingAttempts
// failures it is dead-lettered (Store.DeadLetter) and logged. Wake it after each new event; Run
// also processes, first, what a restart left stored but unprocessed.
type Worker struct {
	Store   Store
	Process func(context.Context, Event) error
	// Workers is how many events are processed at once; default 4.
	Workers int
	// Retry is the wait before another try at events that failed; default 30 seconds.
	Retry time.Duration

	once     sync.Once
	wake     chan struct{}
	mu       sync.Mutex
	inFlight map[string]bool
}

func (w *Worker) init() {
	w.once.Do(func() {
		w.wake = make(chan struct{}, 1)
		w.inFlight = map[string]bool{}
		if w.Workers <= 0 {
			w.Workers = 4
		}
		if w.Retry <= 0 {
			w.Retry = 30 * time.Second
		}
	})
}

// Wake asks the worker to look at the store again. It never blocks.
func (w *Worker) Wake() {
	w.init()
	select {
	case w.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Run processes stored events until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	w.init()
	jobs := make(chan Event)
	var wg sync.WaitGroup
	for i := 0; i < w.Workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for event := range jobs {
				w.processOne(ctx, event)
			}
		}()
	}
	defer wg.Wait()
	defer close(jobs)
	retry := time.NewTicker(w.Retry)
	defer retry.Stop()
	for {
		events, err := w.Store.Unprocessed()
		if err != nil {
			log.Printf("kestrel webhook: stored events not read: %v", err)
		}
		for _, event := range events {
			if !w.claim(event.ID) {
				continue // still being processed
			}
			select {
			case jobs <- event: // blocks while every goroutine is busy: the pool is bounded
			case <-ctx.Done():
				return
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-retry.C:
		}
	}
}

func (w *Worker) claim(id string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.inFlight[id] {
		return false
	}
	w.inFlight[id] = true
	return true
}

func (w *Worker) processOne(ctx context.Context, event Event) {
	defer func() {
		w.mu.Lock()
		delete(w.inFlight, event.ID)
		w.mu.Unlock()
	}()
	if _, known := EntityPaths[event.EventType]; !known {
		// A type added after this code was written: nothing here acts on it, and a retry would not either.
		if err := w.Store.MarkProcessed(event.ID); err != nil {
			log.Printf("kestrel webhook: event %s skipped but not marked: %v", event.ID, err)
			return
		}
		log.Printf("skipped %s: unknown event type %s", event.ID, event.EventType)
		return
	}
	if err := w.safely(ctx, event); err != nil {
		attempts, recordErr := w.Store.RecordFailure(event.ID, err.Error())
		if recordErr != nil {
			log.Printf("kestrel webhook: event %s failure not recorded: %v", event.ID, recordErr)
		}
		if attempts >= MaxProcessingAttempts {
			if err := w.Store.DeadLetter(event.ID); err != nil {
				log.Printf("kestrel webhook: event %s not dead-lettered: %v", event.ID, err)
				return
			}
			log.Printf("dead-lettered %s after %d attempts: %v", event.ID, attempts, err)
			return
		}
		log.Printf("kestrel webhook: event %s failed, to try again: %v", event.ID, err)
		return
	}
	if err := w.Store.MarkProcessed(event.ID); err != nil {
		log.Printf("kestrel webhook: event %s processed but not marked: %v", event.ID, err)
		return
	}
	log.Printf("processed %s", event.ID)
}

// safely turns a panic in Process into an error, so one bad event cannot stop the server.
func (w *Worker) safely(ctx context.Context, event Event) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return w.Process(ctx, event)
}

// #endregion worker
