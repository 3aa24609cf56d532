// Loops over arrays nested in a private struct, each trip inside its array: unrolled into
// constant indices by an optimising build, none past its array, and the struct's last array
// read up to its last element.
// run: kernel=sum_nested global=8 local=8
// arg 0: buffer int 8 init=zero
// compare: pocl

typedef struct {
  int items[3];
  short weights[4];
} Inner;
typedef struct {
  int head;
  Inner inner[2];
} Outer;

kernel void sum_nested(global int* out) {
  Outer s;
  s.head = (int)get_global_id(0);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) s.inner[i].items[j] = i + j;
    for (int j = 0; j < 4; ++j) s.inner[i].weights[j] = (short)(j * 2);
  }
  int total = s.head;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) total += s.inner[i].items[j];
    for (int j = 0; j < 4; ++j) total += s.inner[i].weights[j];
  }
  out[get_global_id(0)] = total;
}
