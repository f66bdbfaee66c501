// Guarded read-only file mappings: see include/CMappedFile.h.
//
// A mapped file another program truncates raises SIGBUS on the next read of a page past its new end. The handler
// installed here looks the faulting address up among the guarded mappings; inside one, it maps a page of zeros over
// the faulting page (MAP_FIXED; mmap is a plain system call on Linux and safe in a handler in practice), marks the
// mapping damaged and returns, so the read is retried and reads zeros. The caller checks the mark after each use and
// reports the file as changed. A SIGBUS anywhere else goes to the handler that was installed before.
#define _GNU_SOURCE
#include "CMappedFile.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SLOTS 4096

typedef struct {
    _Atomic(uintptr_t) base;
    _Atomic(size_t) length;
    atomic_int damaged;
} Slot;

static Slot slots[SLOTS];
static struct sigaction previous;
static pthread_once_t installed = PTHREAD_ONCE_INIT;
static atomic_int handlerReady;
/// Serialises opening and closing (never taken in the handler, which only reads the slots).
static pthread_mutex_t slotsLock = PTHREAD_MUTEX_INITIALIZER;

static void on_sigbus(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    if (info->si_code > 0) {
        for (int i = 0; i < SLOTS; i++) {
            uintptr_t base = atomic_load(&slots[i].base);
            size_t length = atomic_load(&slots[i].length);
            if (base == 0 || address < base || address - base >= length) continue;
            uintptr_t page = address & ~((uintptr_t)sysconf(_SC_PAGESIZE) - 1);
            void *zero = mmap((void *)page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
            if (zero == MAP_FAILED) break;
            atomic_store(&slots[i].damaged, 1);
            return;
        }
    }
    // Not ours: hand it on as if this handler had never been installed.
    if (previous.sa_flags & SA_SIGINFO) {
        if (previous.sa_sigaction) { previous.sa_sigaction(signal, info, context); return; }
    } else if (previous.sa_handler == SIG_IGN) {
        return;
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != NULL) {
        previous.sa_handler(signal);
        return;
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(SIGBUS, &fallback, NULL);
    // A fault repeats when the handler returns (and now ends the process); a sent signal is sent again.
    if (info->si_code <= 0) raise(SIGBUS);
}

static void install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, &previous) == 0) atomic_store(&handlerReady, 1);
}

void *tm_mapped_file_open(int fd, size_t length) {
    if (length == 0) return NULL;
    pthread_once(&installed, install);
    if (!atomic_load(&handlerReady)) return NULL;
    void *base = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    if (base == MAP_FAILED) return NULL;
    pthread_mutex_lock(&slotsLock);
    for (int i = 0; i < SLOTS; i++) {
        if (atomic_load(&slots[i].base) != 0) continue;
        // The length is set before the base: the handler reads a slot only once its base is set.
        atomic_store(&slots[i].length, length);
        atomic_store(&slots[i].damaged, 0);
        atomic_store(&slots[i].base, (uintptr_t)base);
        pthread_mutex_unlock(&slotsLock);
        return base;
    }
    pthread_mutex_unlock(&slotsLock);
    munmap(base, length);
    return NULL;
}

static Slot *find(const void *base) {
    for (int i = 0; i < SLOTS; i++) {
        if (atomic_load(&slots[i].base) == (uintptr_t)base) return &slots[i];
    }
    return NULL;
}

int tm_mapped_file_damaged(const void *base) {
    Slot *slot = find(base);
    return slot && atomic_load(&slot->damaged) ? 1 : 0;
}

int tm_mapped_file_in_use(void) {
    int count = 0;
    for (int i = 0; i < SLOTS; i++) count += atomic_load(&slots[i].base) != 0;
    return count;
}

void tm_mapped_file_release(void *base, size_t length) {
    madvise(base, length, MADV_DONTNEED);
}

void tm_mapped_file_close(void *base, size_t length) {
    pthread_mutex_lock(&slotsLock);
    Slot *slot = find(base);
    munmap(base, length);
    if (slot) atomic_store(&slot->base, 0);
    pthread_mutex_unlock(&slotsLock);
}
