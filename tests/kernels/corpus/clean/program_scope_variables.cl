// Program-scope and static global variables (OpenCL C 3.0 §6.7.8) with their initialisers, a
// pointer among them, a variable nothing initialised (zero, as static storage is), and state
// kept from one launch to the next: no finding (PoCL 3.1 has neither
// feature to compare with).
// run: kernel=first global=16 local=16 options=-cl-std=CL3.0
// run: kernel=second global=16 local=16 options=-cl-std=CL3.0
// arg 0: buffer int 64 init=zero

global int table[4] = {3, 1, 4, 1};
global int* global where = &table[2];
global int zeroed;
global int launches;
constant int scale = 10;

kernel void first(global int* out) {
  size_t i = get_global_id(0);
  static global int calls = 5;
  out[i] = table[i % 4] * scale + *where + zeroed + calls;
  if (i == 0) launches = 1;
}

kernel void second(global int* out) {
  size_t i = get_global_id(0);
  out[16 + i] = launches + table[3 - i % 4];
}
