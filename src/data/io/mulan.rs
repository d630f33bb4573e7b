//! Mulan's multi-label files: an ARFF file whose label attributes can stand anywhere, and an XML file naming
//! them (`<labels xmlns="http://mulan.sourceforge.net/labels"><label name="happy"></label>…</labels>`; labels
//! nested in a hierarchy are labels too). Tsoumakas et al. 2011, *Mulan: a Java library for multi-label
//! learning*, JMLR 12:2411–2414.
//!
//! [`crate::data::datasets::open`] finds the XML file beside the ARFF file by its stem — `emotions-train.arff`
//! (or `.arff.gz`) takes `emotions-train.xml`, else `emotions.xml` (the stem without its last `-…`/`_…` part,
//! as Mulan's standard splits are named) — or takes it named as the target (`--targets emotions.xml`,
//! `Dataset(path, target="emotions.xml")`).
//!
//! ```
//! use featrank::data::io::mulan;
//! let xml = r#"<labels xmlns="http://mulan.sourceforge.net/labels">
//!   <label name="sports"><label name="football"></label></label><label name="R&amp;D"/></labels>"#;
//! assert_eq!(mulan::parse_labels(xml, "l.xml").unwrap(), ["sports", "football", "R&D"]);
//! ```

use std::path::{Path, PathBuf};

use quick_xml::events::Event;

use crate::error::{Error, Result};

/// The label names of Mulan's XML `text`, in document order (nested labels included); `source` names it in
/// errors.
pub fn parse_labels(text: &str, source: &str) -> Result<Vec<String>> {
    let fail = |reason: String| Error::Parse { source_name: source.into(), line: None, reason };
    let mut reader = quick_xml::Reader::from_str(text);
    let mut labels = Vec::new();
    loop {
        match reader.read_event().map_err(|e| fail(format!("not well-formed XML ({e})")))? {
            Event::Start(tag) | Event::Empty(tag) if tag.local_name().as_ref() == b"label" => {
                let name = tag
                    .try_get_attribute("name")
                    .map_err(|e| fail(format!("a label's attributes: {e}")))?
                    .ok_or_else(|| fail("a <label> without a name attribute".into()))?;
                let name = name.unescape_value().map_err(|e| fail(format!("a label's name: {e}")))?;
                labels.push(name.into_owned());
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if labels.is_empty() {
        return Err(fail("no <label name=…> elements: not a Mulan label file".into()));
    }
    if let Some(dup) = labels.iter().enumerate().find(|(i, l)| labels[..*i].contains(l)).map(|(_, l)| l) {
        return Err(Error::DuplicateName { name: dup.clone(), context: format!("the labels of {source}") });
    }
    Ok(labels)
}

/// The labels of Mulan's XML file at `path`.
pub fn read_labels(path: &Path) -> Result<Vec<String>> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, e))?;
    parse_labels(&text, &path.display().to_string())
}

/// The XML label file beside the ARFF file `arff`, if there is one (see the module docs for the names tried).
pub fn beside(arff: &Path) -> Option<PathBuf> {
    let name = arff.file_name()?.to_string_lossy().to_string();
    let lower = name.to_ascii_lowercase();
    let stem_len = [".arff.gz", ".arff"].iter().find(|e| lower.ends_with(*e)).map(|e| name.len() - e.len())?;
    let stem = &name[..stem_len];
    let short = stem.rfind(['-', '_']).map(|at| &stem[..at]);
    [Some(stem), short].into_iter().flatten().map(|s| arff.with_file_name(format!("{s}.xml"))).find(|p| p.is_file())
}
