// Google's gumbo (Debian's libgumbo-dev): an HTML5 parser that follows the specification's
// tokenizer and tree builder, so comments, raw-text elements and character references come out
// as a browser sees them, with a source position for every element and attribute.
#include <gumbo.h>

#include <setjmp.h>
#include <stddef.h>
#include <stdlib.h>
#include <time.h>

// A parse with a CPU-time budget (docs/applinks.md, "How a page is read").
//
// Gumbo has no way to stop a parse, and some markup makes its tree building slow (the stack of
// open elements is searched for almost every token). Every byte gumbo allocates comes from the
// allocator in its options, so the allocator below keeps each block in a list and, every 256
// allocations, reads the thread's CPU clock: past the budget it jumps back out of the parse and
// frees every block still in the list. Gumbo keeps no state outside the blocks it allocates, so
// nothing is left behind. The same list frees a finished parse without gumbo's recursive
// `gumbo_destroy_output`, whose depth follows the tree's. A failed allocation ends the parse the
// same way instead of crashing inside gumbo.

typedef struct AASAGumboBlock {
  struct AASAGumboBlock *previous;
  struct AASAGumboBlock *next;
} AASAGumboBlock;

typedef struct AASAGumboBudget {
  jmp_buf escape;
  AASAGumboBlock blocks;
  unsigned long allocations;
  struct timespec limit;
  /// 1 when the budget ran out, 2 when an allocation failed.
  int stopped;
} AASAGumboBudget;

#define AASA_GUMBO_HEADER \
  ((sizeof(AASAGumboBlock) + _Alignof(max_align_t) - 1) / _Alignof(max_align_t) \
    * _Alignof(max_align_t))

static inline int aasa_gumbo_past(const struct timespec *now, const struct timespec *limit) {
  return now->tv_sec > limit->tv_sec
    || (now->tv_sec == limit->tv_sec && now->tv_nsec > limit->tv_nsec);
}

static void *aasa_gumbo_allocate(void *userdata, size_t size) {
  AASAGumboBudget *budget = (AASAGumboBudget *)userdata;
  budget->allocations += 1;
  if ((budget->allocations & 255) == 0) {
    struct timespec now;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 && aasa_gumbo_past(&now, &budget->limit)) {
      budget->stopped = 1;
      longjmp(budget->escape, 1);
    }
  }
  if (size > (size_t)-1 - AASA_GUMBO_HEADER) {
    budget->stopped = 2;
    longjmp(budget->escape, 1);
  }
  AASAGumboBlock *block = (AASAGumboBlock *)malloc(AASA_GUMBO_HEADER + size);
  if (block == NULL) {
    budget->stopped = 2;
    longjmp(budget->escape, 1);
  }
  block->previous = &budget->blocks;
  block->next = budget->blocks.next;
  if (block->next != NULL) block->next->previous = block;
  budget->blocks.next = block;
  return (char *)block + AASA_GUMBO_HEADER;
}

static void aasa_gumbo_deallocate(void *userdata, void *pointer) {
  (void)userdata;
  if (pointer == NULL) return;
  AASAGumboBlock *block = (AASAGumboBlock *)((char *)pointer - AASA_GUMBO_HEADER);
  block->previous->next = block->next;
  if (block->next != NULL) block->next->previous = block->previous;
  free(block);
}

/// A budget of `seconds` of this thread's CPU time from now, or NULL when memory is short.
static inline AASAGumboBudget *aasa_gumbo_budget_create(double seconds) {
  AASAGumboBudget *budget = (AASAGumboBudget *)calloc(1, sizeof(AASAGumboBudget));
  if (budget == NULL) return NULL;
  struct timespec now = {0, 0};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  long whole = (long)seconds;
  long nanoseconds = (long)((seconds - (double)whole) * 1e9);
  budget->limit.tv_sec = now.tv_sec + whole;
  budget->limit.tv_nsec = now.tv_nsec + nanoseconds;
  if (budget->limit.tv_nsec >= 1000000000L) {
    budget->limit.tv_sec += 1;
    budget->limit.tv_nsec -= 1000000000L;
  }
  return budget;
}

/// Frees every block the parse left, and the budget.
static inline void aasa_gumbo_budget_destroy(AASAGumboBudget *budget) {
  if (budget == NULL) return;
  AASAGumboBlock *block = budget->blocks.next;
  while (block != NULL) {
    AASAGumboBlock *next = block->next;
    free(block);
    block = next;
  }
  free(budget);
}

/// Parses `length` bytes within the budget: the output, or NULL when the budget ran out or memory
/// did (`budget->stopped` says which). The output lives until `aasa_gumbo_budget_destroy`.
__attribute__((noinline)) static GumboOutput *aasa_gumbo_parse(
  AASAGumboBudget *budget, const char *text, size_t length)
{
  GumboOptions options = kGumboDefaultOptions;
  options.allocator = aasa_gumbo_allocate;
  options.deallocator = aasa_gumbo_deallocate;
  options.userdata = budget;
  // Gumbo copies the stack of open elements into every parse error it records: on a badly nested
  // page that is quadratic memory. Nothing here reads its errors.
  options.max_errors = 0;
  if (setjmp(budget->escape) != 0) return NULL;
  return gumbo_parse_with_options(&options, text, length);
}
