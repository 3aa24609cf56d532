// A pointer one past the end of a private array, formed and compared but never dereferenced:
// C99 §6.5.6 (OpenCL 1.2 §6 is based on C99) allows it, so nothing may be reported.
// run: kernel=sum_to_end global=8 local=8
// arg 0: buffer int 8 init=zero
// arg 1: value int 4

kernel void sum_to_end(global int* out, int n) {
  int values[4];
  for (int i = 0; i < 4; ++i) values[i] = i + (int)get_global_id(0);
  int* end = &values[n];  // n is 4: one past the end, never read
  int total = 0;
  for (int* p = values; p != end; ++p) total += *p;
  out[get_global_id(0)] = total;
}
