// Two work-items update the same field of one struct element; the other field of that element
// is written by one work-item only and does not race.
// run: kernel=pairs_of_items global=64 local=64
// arg 0: buffer int 64 init=zero

typedef struct {
  int sum;
  int owner;
} Slot;

kernel void pairs_of_items(global Slot* slots) {
  size_t i = get_global_id(0);
  global Slot* s = &slots[i / 2];
  if (i % 2 == 0) s->owner = (int)i;
  s->sum = (int)i + 1;  // expect: race-write-write
}
