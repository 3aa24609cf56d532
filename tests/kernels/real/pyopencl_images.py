# pyopencl's image API (python3-pyopencl) on a device with images: the formats listed, images of
# each dimensionality made through cl.Image and cl.image_from_array, enqueue_copy between images,
# buffers and numpy arrays, samplers, and kernels that sample and write images; each result
# checked against numpy computing the OpenCL 1.2 §8.2 (addressing, filtering) and §8.3
# (conversion) formulas. Run on PoCL and on the reference device by tests/CMakeLists.txt; prints
# "NAME: ok" or "NAME: WRONG (why)" per check.
import sys

import numpy as np
import pyopencl as cl

mf = cl.mem_flags
co = cl.channel_order
ct = cl.channel_type

platform = cl.get_platforms()[0]
device = platform.get_devices()[0]
if not device.image_support:
    print(f"{device.name} has no image support")
    sys.exit(1)
ctx = cl.Context([device])
q = cl.CommandQueue(ctx)
rng = np.random.default_rng(17)
checks = []


def check(name, ok, why=""):
    checks.append((name, bool(ok), why))


def same(a, b):
    return a.shape == b.shape and np.array_equal(a, b)


# {{{ formats: the OpenCL 1.2 minimum for read-only and write-only 2D and 3D images (§5.3.2.1,
# table 5.8: CL_RGBA with ten channel types and CL_BGRA with CL_UNORM_INT8); 3D images are
# written only with cl_khr_3d_image_writes

rgba_minimum = [ct.UNORM_INT8, ct.UNORM_INT16, ct.SIGNED_INT8, ct.SIGNED_INT16, ct.SIGNED_INT32,
                ct.UNSIGNED_INT8, ct.UNSIGNED_INT16, ct.UNSIGNED_INT32, ct.HALF_FLOAT, ct.FLOAT]
writes_3d = "cl_khr_3d_image_writes" in device.extensions
for flags, flag_name in ((mf.READ_ONLY, "read-only"), (mf.WRITE_ONLY, "write-only")):
    for kind, kind_name in ((cl.mem_object_type.IMAGE2D, "2D"), (cl.mem_object_type.IMAGE3D, "3D")):
        if kind == cl.mem_object_type.IMAGE3D and flags == mf.WRITE_ONLY and not writes_3d:
            continue
        listed = {(f.channel_order, f.channel_data_type)
                  for f in cl.get_supported_image_formats(ctx, flags, kind)}
        missing = [(co.RGBA, t) for t in rgba_minimum if (co.RGBA, t) not in listed]
        if (co.BGRA, ct.UNORM_INT8) not in listed:
            missing.append((co.BGRA, ct.UNORM_INT8))
        check(f"formats {flag_name} {kind_name}", not missing, f"missing {missing}")

# }}}

# {{{ a 2D float image from host memory, its info, and read back whole and in part

w, h = 37, 23
texels = rng.standard_normal((h, w, 4)).astype(np.float32)
img = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, cl.ImageFormat(co.RGBA, ct.FLOAT),
               shape=(w, h), hostbuf=texels)
info_ok = (img.width == w and img.height == h and img.depth == 0 and img.element_size == 16
           and img.format.channel_order == co.RGBA and img.format.channel_data_type == ct.FLOAT
           and img.row_pitch >= w * 16 and img.size >= w * h * 16 and img.shape == (w, h)
           and img.type == cl.mem_object_type.IMAGE2D)
check("image 2D info", info_ok, f"{img.width} x {img.height} x {img.depth}, element {img.element_size}")
whole = np.empty_like(texels)
cl.enqueue_copy(q, whole, img, origin=(0, 0), region=(w, h))
check("image 2D read", same(whole, texels))
part = np.empty((5, 9, 4), np.float32)
cl.enqueue_copy(q, part, img, origin=(3, 11), region=(9, 5))
check("image 2D read region", same(part, texels[11:16, 3:12]))

# }}}

# {{{ a 2D image written in part from a padded host array (row pitch), read back

u8 = rng.integers(0, 256, (h, w, 4), dtype=np.uint8)
img8 = cl.Image(ctx, mf.READ_WRITE, cl.ImageFormat(co.RGBA, ct.UNSIGNED_INT8), shape=(w, h))
cl.enqueue_copy(q, img8, u8, origin=(0, 0), region=(w, h))
padded = np.zeros((6, 64), np.uint8)  # rows of 64 bytes for 10 texels of 4 bytes
padded[:, :40] = rng.integers(0, 256, (6, 40), dtype=np.uint8)
cl.enqueue_copy(q, img8, padded, origin=(20, 4), region=(10, 6), pitches=(64,))
expect = u8.copy()
expect[4:10, 20:30] = padded[:, :40].reshape(6, 10, 4)
back = np.empty_like(u8)
cl.enqueue_copy(q, back, img8, origin=(0, 0), region=(w, h))
check("image 2D write with row pitch", same(back, expect))

# }}}

# {{{ copies: image to image, image to buffer, buffer to image

other = cl.Image(ctx, mf.READ_WRITE, cl.ImageFormat(co.RGBA, ct.UNSIGNED_INT8), shape=(w, h))
cl.enqueue_copy(q, other, np.zeros_like(u8), origin=(0, 0), region=(w, h))
cl.enqueue_copy(q, other, img8, src_origin=(2, 3), dest_origin=(10, 1), region=(8, 7))
copied = np.empty_like(u8)
cl.enqueue_copy(q, copied, other, origin=(0, 0), region=(w, h))
want = np.zeros_like(u8)
want[1:8, 10:18] = expect[3:10, 2:10]
check("copy image to image", same(copied, want))

buf = cl.Buffer(ctx, mf.READ_WRITE, size=8 + 6 * 5 * 4)
cl.enqueue_copy(q, buf, img8, offset=8, origin=(4, 2), region=(6, 5))
got = np.empty(8 + 6 * 5 * 4, np.uint8)
cl.enqueue_copy(q, got, buf)
check("copy image to buffer", same(got[8:].reshape(5, 6, 4), expect[2:7, 4:10]))

source = rng.integers(0, 256, 3 * 4 * 4 + 12, dtype=np.uint8)
src_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=source)
cl.enqueue_copy(q, img8, src_buf, offset=12, origin=(30, 15), region=(4, 3))
expect[15:18, 30:34] = source[12:].reshape(3, 4, 4)
cl.enqueue_copy(q, back, img8, origin=(0, 0), region=(w, h))
check("copy buffer to image", same(back, expect))

# }}}

# {{{ 3D images and 2D and 1D arrays: created from host memory, read back by slices and layers

# Formats of the minimum list, which every device with images has for every image type.
d = 5
vol = rng.standard_normal((d, h, w, 4)).astype(np.float32)
img3 = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, cl.ImageFormat(co.RGBA, ct.FLOAT),
                shape=(w, h, d), hostbuf=vol)
slab = np.empty((2, h, w, 4), np.float32)
cl.enqueue_copy(q, slab, img3, origin=(0, 0, 2), region=(w, h, 2))
check("image 3D info", img3.depth == d and img3.array_size == 0 and img3.type == cl.mem_object_type.IMAGE3D)
check("image 3D read slices", same(slab, vol[2:4]))

layers = rng.standard_normal((4, h, w, 4)).astype(np.float32)
arr2 = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, cl.ImageFormat(co.RGBA, ct.FLOAT),
                shape=(w, h, 4), hostbuf=layers, is_array=True)
layer = np.empty((1, h, w, 4), np.float32)
cl.enqueue_copy(q, layer, arr2, origin=(0, 0, 3), region=(w, h, 1))
check("image 2D array info", arr2.array_size == 4 and arr2.type == cl.mem_object_type.IMAGE2D_ARRAY)
check("image 2D array read layer", same(layer[0], layers[3]))

# A 1D image buffer over a buffer of texels (pyopencl 2022.3 makes a 1D array of one layer
# whatever its shape says, so 1D arrays are not made here).
ints = rng.integers(-2**15, 2**15, (w, 4), dtype=np.int16)
ints_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ints)
img1 = cl.Image(ctx, mf.READ_ONLY, cl.ImageFormat(co.RGBA, ct.SIGNED_INT16), shape=(w,), buffer=ints_buf)
check("image 1D buffer info", img1.type == cl.mem_object_type.IMAGE1D_BUFFER and img1.width == w)

# }}}

# {{{ kernels: sampler-less and sampled reads of image_from_array's images, writes

prg = cl.Program(ctx, """
__kernel void fetch(__read_only image2d_t src, __global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * get_image_width(src) + x] = read_imagef(src, (int2)(x, y));
}
__kernel void sample(__read_only image2d_t src, sampler_t s, __global const float2 *at,
                     __global float4 *out) {
  int i = get_global_id(0);
  out[i] = read_imagef(src, s, at[i]);
}
__kernel void sample3d(__read_only image3d_t src, sampler_t s, __global const float4 *at,
                       __global float4 *out) {
  int i = get_global_id(0);
  out[i] = read_imagef(src, s, at[i]);
}
__kernel void layers(__read_only image2d_array_t src, __global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  int w = get_image_width(src), h = get_image_height(src);
  out[(z * h + y) * w + x] = read_imagef(src, (int4)(x, y, z, 0));
}
__kernel void texels(__read_only image1d_buffer_t src, __global int4 *out) {
  int i = get_global_id(0);
  out[i] = read_imagei(src, i);
}
__kernel void scale(__read_only image2d_t src, __write_only image2d_t dst, float k) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(dst, p, read_imagef(src, p) * k);
}
__kernel void unorm(__global const float4 *in, __write_only image2d_t dst) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagef(dst, (int2)(x, y), in[y * get_image_width(dst) + x]);
}
__kernel void sizes(__read_only image3d_t a, __read_only image2d_array_t b, __global int *out) {
  out[0] = get_image_width(a); out[1] = get_image_height(a); out[2] = get_image_depth(a);
  out[3] = get_image_width(b); out[4] = get_image_height(b); out[5] = (int)get_image_array_size(b);
  out[6] = get_image_channel_order(b); out[7] = get_image_channel_data_type(a);
}
""").build()

# image_from_array: 4 channels of uint8 normalised (CL_UNORM_INT8) read as floats k / 255.
pix = rng.integers(0, 256, (h, w, 4), dtype=np.uint8)
norm = cl.image_from_array(ctx, pix, 4, norm_int=True)
out = cl.Buffer(ctx, mf.WRITE_ONLY, size=w * h * 16)
prg.fetch(q, (w, h), None, norm, out)
fetched = np.empty((h, w, 4), np.float32)
cl.enqueue_copy(q, fetched, out)
# §8.3.1.1: within 1.5 ulp of k / 255, and 0 and 255 exactly 0.0f and 1.0f.
exact = pix / 255.0
ulps = np.abs(fetched - exact) / np.spacing(np.maximum(exact, np.float32(1) / 255).astype(np.float32))
ends = (pix == 0) | (pix == 255)
check("image_from_array unorm8 read_imagef", ulps.max() <= 1.5 and np.array_equal(fetched[ends], exact[ends]),
      f"max error {ulps.max()} ulp")

texels_buf = cl.Buffer(ctx, mf.WRITE_ONLY, size=w * 16)
prg.texels(q, (w,), None, img1, texels_buf)
got1 = np.empty((w, 4), np.int32)
cl.enqueue_copy(q, got1, texels_buf)
check("image 1D buffer read_imagei", same(got1, ints.astype(np.int32)))

# A one-channel float image: CL_R reads as (r, 0, 0, 1) (§8.3.1).
plane = rng.standard_normal((h, w)).astype(np.float32)
fimg = cl.image_from_array(ctx, plane, 1)
prg.fetch(q, (w, h), None, fimg, out)
cl.enqueue_copy(q, fetched, out)
check("image_from_array R float read_imagef",
      same(fetched[..., 0], plane) and not fetched[..., 1:3].any() and (fetched[..., 3] == 1).all())


def nearest_index(coord, size, addressing, normalized):
    """§8.2: the texel index of a nearest-filtered coordinate, or None for the border."""
    if addressing in (cl.addressing_mode.REPEAT, cl.addressing_mode.MIRRORED_REPEAT):
        s = np.float32(coord)
        if addressing == cl.addressing_mode.REPEAT:
            u = (s - np.floor(s)) * np.float32(size)
            i = int(np.floor(u))
            return i - size if i > size - 1 else i
        s2 = np.float32(2) * np.rint(np.float32(0.5) * s)
        u = np.abs(s - s2) * np.float32(size)
        return min(int(np.floor(u)), size - 1)
    u = np.float32(coord) * np.float32(size) if normalized else np.float32(coord)
    i = int(np.floor(u))
    if addressing == cl.addressing_mode.CLAMP_TO_EDGE:
        return min(max(i, 0), size - 1)
    if addressing == cl.addressing_mode.CLAMP:
        return i if 0 <= i < size else None
    return i  # NONE: the coordinates given are inside


def linear_taps(coord, size, addressing, normalized):
    """§8.2.1.2 and §8.2.2.2: the two texel indices (None: border) and the weight of the second."""
    if addressing in (cl.addressing_mode.REPEAT, cl.addressing_mode.MIRRORED_REPEAT):
        s = np.float32(coord)
        if addressing == cl.addressing_mode.REPEAT:
            u = (s - np.floor(s)) * np.float32(size)
            i0 = int(np.floor(u - np.float32(0.5)))
            i1 = i0 + 1
            i0 = i0 + size if i0 < 0 else i0
            i1 = i1 - size if i1 > size - 1 else i1
        else:
            s2 = np.float32(2) * np.rint(np.float32(0.5) * s)
            u = np.abs(s - s2) * np.float32(size)
            i0 = int(np.floor(u - np.float32(0.5)))
            i0, i1 = max(i0, 0), min(i0 + 1, size - 1)
        return i0, i1, float((u - np.float32(0.5)) - np.floor(u - np.float32(0.5)))
    u = np.float32(coord) * np.float32(size) if normalized else np.float32(coord)
    i0 = int(np.floor(u - np.float32(0.5)))
    i1 = i0 + 1
    a = float((u - np.float32(0.5)) - np.floor(u - np.float32(0.5)))
    if addressing == cl.addressing_mode.CLAMP_TO_EDGE:
        return min(max(i0, 0), size - 1), min(max(i1, 0), size - 1), a
    return (i0 if 0 <= i0 < size else None), (i1 if 0 <= i1 < size else None), a


def host_sample(texels, x, y, addressing, filtering, normalized):
    """A float4 RGBA image sampled at (x, y) on the host; the border colour is (0, 0, 0, 0)."""
    hh, ww = texels.shape[:2]

    def texel(i, j):
        return np.zeros(4) if i is None or j is None else texels[j, i].astype(np.float64)

    if filtering == cl.filter_mode.NEAREST:
        return texel(nearest_index(x, ww, addressing, normalized), nearest_index(y, hh, addressing, normalized))
    i0, i1, a = linear_taps(x, ww, addressing, normalized)
    j0, j1, b = linear_taps(y, hh, addressing, normalized)
    return ((1 - a) * (1 - b) * texel(i0, j0) + a * (1 - b) * texel(i1, j0)
            + (1 - a) * b * texel(i0, j1) + a * b * texel(i1, j1))


# Samplers over the float image of the first section, at coordinates in and around it. Linear
# filtering's weights are computed by each device at its own precision (§8.2: the result is an
# approximation), so linear samples are compared within 1e-3 of the texels' magnitude.
modes = [cl.addressing_mode.CLAMP_TO_EDGE, cl.addressing_mode.CLAMP, cl.addressing_mode.REPEAT,
         cl.addressing_mode.MIRRORED_REPEAT]
n = 512
for normalized in (False, True):
    for addressing in modes:
        if not normalized and addressing in (cl.addressing_mode.REPEAT, cl.addressing_mode.MIRRORED_REPEAT):
            continue  # §6.12.14.1: repeat and mirrored repeat need normalised coordinates
        for filtering in (cl.filter_mode.NEAREST, cl.filter_mode.LINEAR):
            if normalized:
                at = rng.uniform(-1.5, 2.5, (n, 2)).astype(np.float32)
            else:
                at = np.stack([rng.uniform(-4, w + 4, n), rng.uniform(-4, h + 4, n)], 1).astype(np.float32)
            # Away from texel edges (nearest) and centres (linear), where a rounding of the
            # coordinate's scaling may pick the other texel: the spec leaves that latitude.
            scaled = at * np.array([w, h], np.float32) if normalized else at
            frac = scaled - np.floor(scaled)
            keep = np.all(np.abs(frac - (0.0 if filtering == cl.filter_mode.NEAREST else 0.5)) > 1e-3, 1)
            keep &= np.all(np.abs(frac - 1.0) > 1e-3, 1)
            at = np.ascontiguousarray(at[keep])
            sampler = cl.Sampler(ctx, normalized, addressing, filtering)
            at_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=at)
            res_buf = cl.Buffer(ctx, mf.WRITE_ONLY, size=len(at) * 16)
            prg.sample(q, (len(at),), None, img, sampler, at_buf, res_buf)
            res = np.empty((len(at), 4), np.float32)
            cl.enqueue_copy(q, res, res_buf)
            want = np.array([host_sample(texels, x, y, addressing, filtering, normalized) for x, y in at])
            tolerance = 0 if filtering == cl.filter_mode.NEAREST else 1e-3 * np.abs(texels).max()
            error = np.abs(res - want).max()
            info = (sampler.normalized_coords == normalized and sampler.addressing_mode == addressing
                    and sampler.filter_mode == filtering)
            name = (f"sampler {'normalized' if normalized else 'unnormalized'} "
                    f"{cl.addressing_mode.to_string(addressing)} {cl.filter_mode.to_string(filtering)}")
            check(name, info and error <= tolerance, f"max error {error} over {len(at)} samples")

# A 3D image sampled with trilinear filtering at unnormalised coordinates, clamped to its edges.
at3 = np.concatenate([rng.uniform(-1, np.array([w, h, d]) + 1, (200, 3)), np.zeros((200, 1))], 1).astype(np.float32)
at3 = np.ascontiguousarray(at3)
s3 = cl.Sampler(ctx, False, cl.addressing_mode.CLAMP_TO_EDGE, cl.filter_mode.LINEAR)
at3_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=at3)
r3_buf = cl.Buffer(ctx, mf.WRITE_ONLY, size=200 * 16)
prg.sample3d(q, (200,), None, img3, s3, at3_buf, r3_buf)
r3 = np.empty((200, 4), np.float32)
cl.enqueue_copy(q, r3, r3_buf)
want3 = []
for x, y, z, _ in at3:
    i0, i1, a = linear_taps(x, w, cl.addressing_mode.CLAMP_TO_EDGE, False)
    j0, j1, b = linear_taps(y, h, cl.addressing_mode.CLAMP_TO_EDGE, False)
    k0, k1, c = linear_taps(z, d, cl.addressing_mode.CLAMP_TO_EDGE, False)
    v = vol.astype(np.float64)
    want3.append((1 - a) * (1 - b) * (1 - c) * v[k0, j0, i0] + a * (1 - b) * (1 - c) * v[k0, j0, i1]
                 + (1 - a) * b * (1 - c) * v[k0, j1, i0] + a * b * (1 - c) * v[k0, j1, i1]
                 + (1 - a) * (1 - b) * c * v[k1, j0, i0] + a * (1 - b) * c * v[k1, j0, i1]
                 + (1 - a) * b * c * v[k1, j1, i0] + a * b * c * v[k1, j1, i1])
error = np.abs(r3 - np.array(want3)).max()
check("sampler 3D linear clamp-to-edge", error <= 1e-3 * np.abs(vol).max(), f"max error {error}")

# Every layer of the 2D array through a kernel.
lay_buf = cl.Buffer(ctx, mf.WRITE_ONLY, size=layers.nbytes)
prg.layers(q, (w, h, 4), None, arr2, lay_buf)
lay = np.empty_like(layers)
cl.enqueue_copy(q, lay, lay_buf)
check("kernel reads 2D array layers", same(lay, layers))

# write_imagef: a float image scaled into another; into CL_UNORM_INT8, values a quarter of a
# step from an integer, which the conversion's rounding (§8.3.1.1, within 0.6 of a step) can
# only take to that integer.
dst = cl.Image(ctx, mf.WRITE_ONLY, cl.ImageFormat(co.RGBA, ct.FLOAT), shape=(w, h))
prg.scale(q, (w, h), None, img, dst, np.float32(-2.5))
scaled = np.empty_like(texels)
cl.enqueue_copy(q, scaled, dst, origin=(0, 0), region=(w, h))
check("write_imagef float", same(scaled, texels * np.float32(-2.5)))
steps = rng.integers(-20, 276, (h, w, 4))
values = ((steps + rng.choice([-0.25, 0.25], (h, w, 4))) / 255).astype(np.float32)
values_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=values)
dst8 = cl.Image(ctx, mf.WRITE_ONLY, cl.ImageFormat(co.RGBA, ct.UNORM_INT8), shape=(w, h))
prg.unorm(q, (w, h), None, values_buf, dst8)
written = np.empty((h, w, 4), np.uint8)
cl.enqueue_copy(q, written, dst8, origin=(0, 0), region=(w, h))
check("write_imagef unorm8", same(written, np.clip(steps, 0, 255).astype(np.uint8)),
      f"{np.count_nonzero(written != np.clip(steps, 0, 255))} texels differ")

# get_image_* in a kernel against the images' own info.
sizes = np.empty(8, np.int32)
sizes_buf = cl.Buffer(ctx, mf.WRITE_ONLY, size=sizes.nbytes)
prg.sizes(q, (1,), None, img3, arr2, sizes_buf)
cl.enqueue_copy(q, sizes, sizes_buf)
check("get_image_* in a kernel", list(sizes) == [w, h, d, w, h, 4, co.RGBA, ct.FLOAT], f"{list(sizes)}")

# }}}

q.finish()
for name, ok, why in checks:
    print(f"{name}: ok" if ok else f"{name}: WRONG ({why})")
print(f"{sum(ok for _, ok, _ in checks)} of {len(checks)} image checks passed")
sys.exit(0 if all(ok for _, ok, _ in checks) else 1)
