package webhooks

import (
	"context"
	"fmt"
	"log"
	"sync"
	"time"
)

// #region worker

// Worker processes the stored events with a fixed number of goroutines. Each event's work runs
// once at a time; when it succeeds the event is marked processed. An event of a type not in
// EntityPaths is marked processed without calling Process. A transient failure or a panic is
// logged and counted, and the event is tried again after RetryDelay, until it is
// EventRetentionDays old; a permanent failure (see Transient) is dead-lettered at once
// (Store.DeadLetter) and logged. Wake it after each new event; Run also processes, first, what a
// restart left stored but unprocessed, and each pass forgets the processed events Kestrel can no
// longer deliver.
type Worker struct {
	Store   Store
	Process func(context.Context, Event) error
	// Workers is how many events are processed at once; default 4.
	Workers int
	// Retry is the first wait after a transient failure, and how often the store is looked at;
	// default FirstRetry.
	Retry time.Duration
	// Now is the clock; default time.Now.
	Now func() time.Time

	once     sync.Once
	wake     chan struct{}
	mu       sync.Mutex
	inFlight map[string]bool
	due      map[string]time.Time // when each failed event may be tried again
}

func (w *Worker) init() {
	w.once.Do(func() {
		w.wake = make(chan struct{}, 1)
		w.inFlight = map[string]bool{}
		w.due = map[string]time.Time{}
		if w.Workers <= 0 {
			w.Workers = 4
		}
		if w.Retry <= 0 {
			w.Retry = FirstRetry
		}
		if w.Now == nil {
			w.Now = time.Now
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

const retention = EventRetentionDays * 24 * time.Hour

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
		if _, err := w.Store.ForgetProcessedBefore(w.Now().Add(-retention)); err != nil {
			log.Printf("kestrel webhook: processed events not forgotten: %v", err)
		}
		events, err := w.Store.Unprocessed()
		if err != nil {
			log.Printf("kestrel webhook: stored events not read: %v", err)
		}
		for _, event := range events {
			if !w.claim(event.ID) {
				continue // still being processed, or not due yet
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

// claim reports whether the event is due and not being processed, and marks it in flight.
func (w *Worker) claim(id string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.inFlight[id] || w.due[id].After(w.Now()) {
		return false
	}
	w.inFlight[id] = true
	return true
}

func (w *Worker) setDue(id string, at time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if at.IsZero() {
		delete(w.due, id)
	} else {
		w.due[id] = at
	}
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
		w.failed(event, err)
		return
	}
	w.setDue(event.ID, time.Time{})
	if err := w.Store.MarkProcessed(event.ID); err != nil {
		log.Printf("kestrel webhook: event %s processed but not marked: %v", event.ID, err)
		return
	}
	log.Printf("processed %s", event.ID)
}

// failed counts a failure, then schedules the next try or dead-letters the event.
func (w *Worker) failed(event Event, err error) {
	tries, recordErr := w.Store.RecordFailure(event.ID, err.Error())
	if recordErr != nil {
		log.Printf("kestrel webhook: event %s failure not recorded: %v", event.ID, recordErr)
		tries = 1
	}
	transient, retryAfter := Transient(err)
	if !transient {
		w.deadLetter(event, tries, err.Error())
		return
	}
	created, parseErr := time.Parse(time.RFC3339, event.Created)
	if parseErr != nil {
		w.deadLetter(event, tries, fmt.Sprintf("malformed event: created is %q", event.Created))
		return
	}
	at := w.Now().Add(RetryDelay(tries, retryAfter, w.Retry))
	if at.After(created.Add(retention)) {
		w.deadLetter(event, tries, "Kestrel no longer keeps it: "+err.Error())
		return
	}
	w.setDue(event.ID, at)
	hint := ""
	if NeedsConfiguration(err) {
		hint = " (" + ConfigurationFix + ")"
	}
	log.Printf("kestrel webhook: event %s failed on try %d, to try again at %s: %v%s", event.ID, tries, at.UTC().Format(time.RFC3339), err, hint)
}

func (w *Worker) deadLetter(event Event, tries int, reason string) {
	w.setDue(event.ID, time.Time{})
	if err := w.Store.DeadLetter(event.ID); err != nil {
		log.Printf("kestrel webhook: event %s not dead-lettered: %v", event.ID, err)
		return
	}
	log.Printf("dead-lettered %s on try %d: %s", event.ID, tries, reason)
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
