// Two work-items write different fields of one struct (a char and an int, with padding
// between): different memory locations, no race.
// run: kernel=fields global=64 local=64
// arg 0: buffer int 64 init=zero

typedef struct {
  char tag;
  int value;
} Entry;

kernel void fields(global Entry* entries) {
  size_t i = get_global_id(0);
  global Entry* e = &entries[i / 2];
  if (i % 2 == 0) e->tag = (char)i;
  else e->value = (int)i;
}
