// Each work-item reads its element of an SVM allocation and writes its neighbour's, with
// nothing ordering the two: a race on the allocation's bytes between work-items of one group.
// run: kernel=smear global=16 local=16
// arg 0: svm int 17 init=iota

kernel void smear(global int* data) {
  size_t i = get_global_id(0);
  int v = data[i];  // expect: race-read-write
  data[i + 1] = v + 1;  // expect: race-read-write
}
