// kNN's nested distance chain on the GPU (featrank, src/learners/knn/gpu.rs): one step of the chain adds the
// features from..to of the ranking to every distance of a block of test rows and finds each test row's voters.
// Compiled by NVRTC with --fmad=false and `#define K <neighbours>`, `#define BLOCK <threads>` prepended.
//
// One thread block per test row; thread `tid` owns the training rows tid, tid + BLOCK, … . Each thread adds the
// new features to its rows' distances in the chain's order (the CPU's order and rounding: the sums are
// bit-identical), and keeps its K nearest rows in registers, ordered by (distance, row) as the CPU's
// select_nth_unstable_by(total_cmp, then row) orders them. K rounds of a block-wide minimum give the row's K
// nearest; voters are those K (ties "first") or every row at most as far as the K-th (ties "all").

#define NO_ROW 0x7fffffff
#define NO_KEY 0x7fffffffffffffffLL
#define WARPS (BLOCK / 32)

// f64::total_cmp's key: signed comparison of these keys orders doubles as total_cmp does.
__device__ __forceinline__ long long order_key(double d) {
    long long bits = __double_as_longlong(d);
    return bits ^ (long long)(((unsigned long long)(bits >> 63)) >> 1);
}

// (a, i) before (b, j): by key, then by row.
__device__ __forceinline__ bool before(long long a, int i, long long b, int j) {
    return a < b || (a == b && i < j);
}

// One feature's squared difference, Weka's EuclideanDistance on scaled values (NaN: missing), as the CPU's
// Knn::add_feature computes it.
__device__ __forceinline__ double squared_difference(double a, double b, bool nominal) {
    bool a_missing = isnan(a), b_missing = isnan(b);
    double diff;
    if (a_missing && b_missing) {
        diff = 1.0;
    } else if (nominal && (a_missing || b_missing)) {
        diff = 1.0;
    } else if (a_missing) {
        diff = fmax(b, 1.0 - b);
    } else if (b_missing) {
        diff = fmax(a, 1.0 - a);
    } else if (nominal) {
        diff = (a != b) ? 1.0 : 0.0;
    } else {
        diff = a - b;
    }
    return diff * diff;
}

// The block's minimum (key, row) of every thread's candidate, known to all threads.
__device__ __forceinline__ void block_min(long long *key, int *row, long long *s_key, int *s_row) {
    long long k = *key;
    int r = *row;
    for (int offset = 16; offset > 0; offset >>= 1) {
        long long ok = __shfl_down_sync(0xffffffffu, k, offset);
        int orow = __shfl_down_sync(0xffffffffu, r, offset);
        if (before(ok, orow, k, r)) {
            k = ok;
            r = orow;
        }
    }
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) {
        s_key[warp] = k;
        s_row[warp] = r;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int w = 1; w < WARPS; ++w) {
            if (before(s_key[w], s_row[w], k, r)) {
                k = s_key[w];
                r = s_row[w];
            }
        }
        s_key[WARPS] = k;
        s_row[WARPS] = r;
    }
    __syncthreads();
    *key = s_key[WARPS];
    *row = s_row[WARPS];
    __syncthreads();
}

// dist: rows × n_train distances of the block's test rows (updated in place); train: the chain's training
// columns, one after the other (n_train values each, scaled); test: the block's test values of each chain
// feature (rows values each, scaled); nominal: per chain feature. count[t]: test row t's voters (those beyond
// cap are counted, not written); voters: cap per test row, in no particular order.
extern "C" __global__ void knn_chain_step(double *__restrict__ dist, const double *__restrict__ train,
                                          const double *__restrict__ test, const unsigned char *__restrict__ nominal,
                                          int from, int to, int n_train, int rows, int ties_all, int cap,
                                          int *__restrict__ count, int *__restrict__ voters) {
    __shared__ long long s_key[WARPS + 1];
    __shared__ int s_row[WARPS + 1];
    __shared__ int s_count;
    const int t = blockIdx.x;
    double *row = dist + (size_t)t * n_train;

    long long key[K];
    int idx[K];
#pragma unroll
    for (int j = 0; j < K; ++j) {
        key[j] = NO_KEY;
        idx[j] = NO_ROW;
    }
    long long dropped = NO_KEY; // the smallest key this thread saw but does not hold

    for (int i = threadIdx.x; i < n_train; i += BLOCK) {
        double d = row[i];
        if (to > from) {
            for (int p = from; p < to; ++p) {
                d += squared_difference(test[(size_t)p * rows + t], train[(size_t)p * n_train + i], nominal[p] != 0);
            }
            row[i] = d;
        }
        long long c = order_key(d);
        int ci = i;
        if (before(c, ci, key[K - 1], idx[K - 1])) {
#pragma unroll
            for (int j = 0; j < K; ++j) {
                if (before(c, ci, key[j], idx[j])) {
                    long long tk = key[j];
                    int ti = idx[j];
                    key[j] = c;
                    idx[j] = ci;
                    c = tk;
                    ci = ti;
                }
            }
        }
        if (ci != NO_ROW && c < dropped) {
            dropped = c;
        }
    }

    // K rounds: the block's nearest row not yet taken; its owner moves on to its next.
    int taken = 0;
    long long kth = NO_KEY;
    for (int r = 0; r < K; ++r) {
        long long head = NO_KEY;
        int head_row = NO_ROW;
#pragma unroll
        for (int j = 0; j < K; ++j) {
            if (j == taken) {
                head = key[j];
                head_row = idx[j];
            }
        }
        block_min(&head, &head_row, s_key, s_row);
        kth = head;
        if (head_row != NO_ROW && head_row % BLOCK == (int)threadIdx.x) {
            taken += 1;
        }
        if (!ties_all && threadIdx.x == 0 && r < cap) {
            voters[(size_t)t * cap + r] = head_row;
        }
    }
    if (!ties_all) {
        if (threadIdx.x == 0) {
            count[t] = K;
        }
        return;
    }

    // Ties "all": every row at most as far as the K-th. A thread holds all of its own such rows unless it
    // dropped one; then it reads its rows again.
    if (threadIdx.x == 0) {
        s_count = 0;
    }
    __syncthreads();
    if (dropped <= kth) {
        for (int i = threadIdx.x; i < n_train; i += BLOCK) {
            if (order_key(row[i]) <= kth) {
                int at = atomicAdd(&s_count, 1);
                if (at < cap) {
                    voters[(size_t)t * cap + at] = i;
                }
            }
        }
    } else {
#pragma unroll
        for (int j = 0; j < K; ++j) {
            if (idx[j] != NO_ROW && key[j] <= kth) {
                int at = atomicAdd(&s_count, 1);
                if (at < cap) {
                    voters[(size_t)t * cap + at] = idx[j];
                }
            }
        }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        count[t] = s_count;
    }
}
