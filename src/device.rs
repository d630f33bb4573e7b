//! Where a curve run's learner computes: the CPU, always, or an NVIDIA GPU (cargo feature `gpu`), where kNN's
//! distance chains run as CUDA kernels compiled at run time by NVRTC with FMA contraction off, so that every
//! sum is rounded as the CPU rounds it and the curves are byte-identical.
//!
//! The `gpu` feature needs no CUDA toolkit to build: the driver (`libcuda`) and NVRTC (`libnvrtc`) are loaded
//! when a run first asks for the GPU, and their absence is an [`Error::Device`] naming what was not found.

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The device a curve run's learner computes on ([`crate::eval::CurveSpec::device`], `featrank curves --device`,
/// Python's `device=`). The results do not depend on it.
///
/// ```
/// use featrank::device::Device;
/// assert_eq!("gpu".parse::<Device>().unwrap(), Device::Gpu);
/// assert_eq!(Device::default().to_string(), "cpu");
/// assert!("tpu".parse::<Device>().unwrap_err().to_string().contains("cpu, gpu"));
/// assert!(Device::Cpu.check("kNN curves").is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Device {
    /// The CPU's cores (the default).
    #[default]
    Cpu,
    /// The first NVIDIA GPU (CUDA 12 or later driver; cargo feature `gpu`).
    Gpu,
}

crate::spec::spec_words!(Device, "device", {
    Device::Cpu => "cpu",
    Device::Gpu => "gpu" | "cuda",
});

impl Device {
    /// Whether `what` can run on this device here: the CPU always; the GPU when featrank was built with the
    /// feature `gpu` and a GPU, its driver and NVRTC are found (the first call loads them).
    pub fn check(self, what: &str) -> Result<()> {
        match self {
            Device::Cpu => Ok(()),
            #[cfg(feature = "gpu")]
            Device::Gpu => cuda::get(what).map(|_| ()),
            #[cfg(not(feature = "gpu"))]
            Device::Gpu => Err(Error::FeatureDisabled {
                feature: "gpu",
                what: format!("{what} on the GPU"),
                cost: "cudarc; the CUDA driver and NVRTC are loaded at run time",
            }),
        }
    }
}

/// The GPU: one CUDA context, kernels compiled once per source and options, one piece of work at a time.
#[cfg(feature = "gpu")]
pub(crate) mod cuda {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

    use cudarc::driver::{CudaContext, CudaFunction, CudaStream};
    use cudarc::nvrtc::{compile_ptx_with_opts, CompileOptions};

    use super::{Error, Result};

    /// The first GPU and what featrank compiled for it.
    pub(crate) struct Cuda {
        context: Arc<CudaContext>,
        /// The device's name, for messages.
        pub(crate) name: String,
        functions: Mutex<HashMap<String, CudaFunction>>,
        /// Held while a piece of work uses the GPU: one fold's chain at a time has the whole device (and
        /// its memory) to itself.
        busy: Mutex<()>,
    }

    /// The GPU, opened on first use; `what` names the work in the error when there is none.
    pub(crate) fn get(what: &str) -> Result<&'static Cuda> {
        static CUDA: OnceLock<std::result::Result<Cuda, String>> = OnceLock::new();
        CUDA.get_or_init(open).as_ref().map_err(|reason| Error::Device { what: what.into(), reason: reason.clone() })
    }

    /// Load the driver and NVRTC and open device 0 (cudarc panics on a library without a symbol it needs:
    /// that becomes the reason too).
    fn open() -> std::result::Result<Cuda, String> {
        // SAFETY: only tries to load the shared libraries by name.
        let (driver, nvrtc) =
            unsafe { (cudarc::driver::sys::is_culib_present(), cudarc::nvrtc::sys::is_culib_present()) };
        if !driver {
            return Err("no NVIDIA driver (libcuda.so) was found: run on a machine with an NVIDIA GPU, or with \
                        device cpu"
                .into());
        }
        if !nvrtc {
            return Err("the NVRTC runtime compiler (libnvrtc.so or libnvrtc.so.12, CUDA 12 or later) was not \
                        found: install it (e.g. the CUDA toolkit or `pip install nvidia-cuda-nvrtc-cu12`) and put \
                        it on LD_LIBRARY_PATH; CUDA 13's pip copy is named libnvrtc.so.13 only: link it as \
                        libnvrtc.so in a folder on LD_LIBRARY_PATH"
                .into());
        }
        let opened = std::panic::catch_unwind(|| -> std::result::Result<Cuda, String> {
            let count = CudaContext::device_count().map_err(|e| format!("the CUDA driver failed: {e}"))?;
            if count < 1 {
                return Err("the CUDA driver found no GPU".into());
            }
            let context = CudaContext::new(0).map_err(|e| format!("opening GPU 0 failed: {e}"))?;
            let name = context.name().unwrap_or_else(|_| "GPU 0".into());
            Ok(Cuda { context, name, functions: Mutex::new(HashMap::new()), busy: Mutex::new(()) })
        });
        opened.unwrap_or_else(|panic| {
            Err(format!("loading the CUDA libraries failed: {}", crate::error::panic_text(&*panic)))
        })
    }

    impl Cuda {
        /// The kernel `name` of `source` compiled with `defines` prepended (`#define K 10` …), with FMA
        /// contraction off (`--fmad=false`: a·b + c rounded twice, as the CPU's vector code does); compiled once.
        pub(crate) fn function(&self, source: &str, defines: &str, name: &str) -> Result<CudaFunction> {
            let key = format!("{name}\n{defines}");
            let mut functions = self.functions.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(f) = functions.get(&key) {
                return Ok(f.clone());
            }
            let ptx = compile(&format!("{defines}\n{source}")).map_err(|reason| self.error(name, reason))?;
            let module = self.context.load_module(ptx).map_err(|e| {
                let hint = "an NVRTC newer than the driver writes PTX the driver cannot load: use the NVRTC of the \
                            driver's CUDA version (nvidia-smi shows it)";
                self.error(name, format!("loading the compiled kernel failed: {e} ({hint})"))
            })?;
            let f = module.load_function(name).map_err(|e| self.error(name, format!("no kernel: {e}")))?;
            functions.insert(key, f.clone());
            Ok(f)
        }

        /// A stream for one piece of work, and the GPU to itself until the guard drops.
        pub(crate) fn claim(&self) -> Result<(MutexGuard<'_, ()>, Arc<CudaStream>)> {
            let guard = self.busy.lock().unwrap_or_else(|e| e.into_inner());
            let stream = self.context.new_stream().map_err(|e| self.error("a stream", e.to_string()))?;
            Ok((guard, stream))
        }

        /// Free GPU memory in bytes.
        pub(crate) fn free_memory(&self) -> Result<u64> {
            let (free, _) = self.context.mem_get_info().map_err(|e| self.error("memory", e.to_string()))?;
            Ok(free as u64)
        }

        /// An error of the GPU's part `what` in a run.
        pub(crate) fn error(&self, what: &str, reason: impl std::fmt::Display) -> Error {
            Error::Device { what: format!("{what} ({})", self.name), reason: reason.to_string() }
        }
    }

    /// PTX of `source` (FMA contraction off), or NVRTC's log.
    pub(crate) fn compile(source: &str) -> std::result::Result<cudarc::nvrtc::Ptx, String> {
        let options = CompileOptions { fmad: Some(false), ..Default::default() };
        std::panic::catch_unwind(|| compile_ptx_with_opts(source, options))
            .map_err(|panic| format!("loading NVRTC failed: {}", crate::error::panic_text(&*panic)))?
            .map_err(|e| format!("NVRTC could not compile the kernel: {e}"))
    }
}
