// Arrays inside private structs reached in ways C allows and an optimising build may rewrite
// into indices past an inner array: a 2D array walked through a pointer to its first element
// ((int*)s.grid, C99 §6.3.2.1 and §6.5.6: the pointer steps through the whole array object),
// a char buffer inside a struct read and written as ints through a cast of its address (4-byte
// aligned by the struct's int member before it), and unrolled loops over each array that stay
// inside it. Nothing is out of bounds.
// run: kernel=through_casts global=16 local=8
// arg 0: buffer int 16 init=zero
// compare: pocl

typedef struct {
  int tag;
  int grid[2][3];
  char bytes[16];
  int after;
} Record;

kernel void through_casts(global int* out) {
  Record r;
  int id = (int)get_global_id(0);
  r.tag = id;
  r.after = -1;
  int* flat = (int*)r.grid;
  for (int k = 0; k < 6; ++k) flat[k] = k + id;
  int* words = (int*)r.bytes;
  for (int k = 0; k < 4; ++k) words[k] = k * 3;
  for (int k = 0; k < 16; ++k) r.bytes[k] += (char)1;
  int total = r.tag + r.after;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) total += r.grid[i][j];
  for (int k = 0; k < 6; ++k) total += flat[k];
  for (int k = 0; k < 4; ++k) total += words[k];
  out[id] = total;
}
