# A real library from a Debian package (python3-pyopencl) generating its own kernels: element-wise
# arithmetic, a reduction, a scan (__local memory and barriers), clmath; each result checked
# against numpy. Run on PoCL and on the reference device by tests/CMakeLists.txt.
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.reduction import ReductionKernel
from pyopencl.scan import InclusiveScanKernel
from pyopencl.elementwise import ElementwiseKernel
import pyopencl.clmath as clmath

platform = cl.get_platforms()[0]
ctx = cl.Context([platform.get_devices()[0]])
q = cl.CommandQueue(ctx)
n = 20000
rng = np.random.default_rng(7)
x = rng.standard_normal(n).astype(np.float32)
y = rng.integers(0, 1000, n).astype(np.int32)
dx = cla.to_device(q, x)
dy = cla.to_device(q, y)
checks = []
z = (2 * dx + 1).get()
checks.append(("axpb", np.array_equal(z, 2 * x + 1)))
dot = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*x[i]",
                      arguments="__global const float *x")
s = dot(dx).get()
checks.append(("sum of squares", abs(float(s) - float(np.dot(x.astype(np.float64), x))) < 1e-2 * n))
scan = InclusiveScanKernel(ctx, np.int32, "a+b", neutral="0")
sc = scan(dy.copy()).get()
checks.append(("inclusive scan", np.array_equal(sc, np.cumsum(y, dtype=np.int32))))
ew = ElementwiseKernel(ctx, "float *x, int *y, float *out", "out[i] = x[i] * y[i] + sin(x[i])")
out = cla.empty_like(dx)
ew(dx, dy, out)
o = out.get()
checks.append(("elementwise", np.allclose(o, x * y + np.sin(x), rtol=1e-5, atol=1e-4)))
m = cla.max(dy).get()
checks.append(("max", int(m) == int(y.max())))
e = clmath.exp(dx * 0.1).get()
checks.append(("clmath.exp", np.allclose(e, np.exp(x * 0.1), rtol=1e-6)))
for name, ok in checks:
    print(f"{name}: {'ok' if ok else 'WRONG'}")
