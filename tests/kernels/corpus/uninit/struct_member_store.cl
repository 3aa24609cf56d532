// A private struct with one member set; the other member is stored to global memory.
// run: kernel=member global=16 local=16
// arg 0: buffer int 16 init=zero

typedef struct {
  int x;
  int y;
} Point;

kernel void member(global int* out) {
  Point p;
  p.x = (int)get_global_id(0);
  out[get_global_id(0)] = p.x + p.y;  // expect: uninitialised
}
