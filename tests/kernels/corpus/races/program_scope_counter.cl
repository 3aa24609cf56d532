// A program-scope global variable (OpenCL C 3.0 §6.7.8) incremented by every work-item with a
// plain read-modify-write of a different amount each: a race on the variable.
// run: kernel=count global=16 local=16 options=-cl-std=CL3.0
// arg 0: buffer int 16 init=zero

global int counter = 0;

kernel void count(global int* out) {
  counter += (int)get_global_id(0) + 1;  // expect: race-read-write, race-write-write
  out[get_global_id(0)] = 1;
}
