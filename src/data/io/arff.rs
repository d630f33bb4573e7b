//! Reader for Weka's ARFF format (the format the seeds' datasets come in).
//!
//! Supported: `@relation`; `@attribute` with `numeric`/`real`/`integer`, nominal `{a, b, 'c d'}`, `string`
//! and `date [format]`; names and values quoted with `'` or `"` (backslash escapes); `%` comments; `?` for
//! missing; dense rows and sparse rows `{index value, …}` (omitted entries are 0, i.e. the first level of a
//! nominal attribute and the empty string of a string attribute, as in Weka). Keywords are case-insensitive.
//!
//! Columns come out as: numeric → Float64, nominal → Enum with the declared levels in declared order,
//! string → String, date → String (the text as written; cast it if you need a date). Refused with an error
//! naming the line: relational attributes, instance weights, undeclared nominal values, rows with the wrong
//! number of values, unparsable numbers, a header without `@data`.
//!
//! ```
//! let text = "@relation t\n@attribute x numeric\n@attribute c {yes,no}\n@data\n1.5,yes\n?,no\n";
//! let df = featrank::data::io::arff::parse(text, "t.arff").unwrap();
//! assert_eq!(df.shape(), (2, 2));
//! assert_eq!(df.column("x").unwrap().null_count(), 1);
//! ```

use polars::prelude::*;

use crate::data::Frame;
use crate::error::{Error, Result};

/// Type of one ARFF attribute.
#[derive(Debug, Clone, PartialEq)]
enum AttrType {
    Numeric,
    Nominal(Vec<String>),
    Text,
}

#[derive(Debug)]
struct Attribute {
    name: String,
    kind: AttrType,
}

/// Values of one column while parsing.
enum ColumnValues {
    Numeric(Vec<Option<f64>>),
    Nominal { levels: Vec<String>, codes: Vec<Option<u32>> },
    Text(Vec<Option<String>>),
}

/// Parse ARFF text; `source` names the file in error messages.
pub fn parse(text: &str, source: &str) -> Result<Frame> {
    parse_with_targets(text, source).map(|(frame, _)| frame)
}

/// Parse ARFF text and the target columns its relation name declares in MEKA's convention (none when
/// it declares none): `@relation 'Name: -C n'` makes the first n attributes the targets, `-C -n` the last
/// n (Read et al., MEKA, JMLR 17(21), 2016); MEKA's other options after it are ignored.
///
/// ```
/// let text = "@relation 'Toy: -C 2 -R'\n@attribute a {0,1}\n@attribute b {0,1}\n@attribute x numeric\n\
///             @data\n1,0,0.5\n0,1,0.25\n";
/// let (frame, targets) = featrank::data::io::arff::parse_with_targets(text, "toy.arff").unwrap();
/// assert_eq!((frame.width(), targets), (3, vec!["a".to_string(), "b".to_string()]));
/// ```
pub fn parse_with_targets(text: &str, source: &str) -> Result<(Frame, Vec<String>)> {
    let err = |line: usize, reason: String| Error::Parse { source_name: source.to_string(), line: Some(line), reason };
    let mut attrs: Vec<Attribute> = Vec::new();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let mut saw_relation = false;
    let mut declared: Option<(usize, i64)> = None;
    let mut data_started = false;
    for (no, raw) in lines.by_ref() {
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        let (keyword, rest) = split_keyword(line);
        match keyword.to_ascii_lowercase().as_str() {
            "@relation" => {
                saw_relation = true;
                let (relation, _, _) = take_token(rest, &[]).map_err(|r| err(no, r))?;
                declared = meka_count(&relation).map_err(|r| err(no, r))?.map(|n| (no, n));
            }
            "@attribute" => {
                let attr = parse_attribute(rest).map_err(|r| err(no, r))?;
                if attrs.iter().any(|a| a.name == attr.name) {
                    return Err(Error::DuplicateName {
                        name: attr.name,
                        context: format!("the ARFF header of {source} (line {no})"),
                    });
                }
                attrs.push(attr);
            }
            "@data" => {
                data_started = true;
                break;
            }
            _ => return Err(err(no, format!("expected @relation, @attribute or @data, found '{line}'"))),
        }
    }
    if !data_started {
        return Err(Error::Parse {
            source_name: source.to_string(),
            line: None,
            reason: "the header ends without an @data line (truncated file?)".into(),
        });
    }
    if !saw_relation || attrs.is_empty() {
        return Err(Error::Parse {
            source_name: source.to_string(),
            line: None,
            reason: "the header needs an @relation line and at least one @attribute".into(),
        });
    }

    let mut cols: Vec<ColumnValues> = attrs
        .iter()
        .map(|a| match a.kind {
            AttrType::Numeric => ColumnValues::Numeric(Vec::new()),
            AttrType::Nominal(ref levels) => ColumnValues::Nominal { levels: levels.clone(), codes: Vec::new() },
            AttrType::Text => ColumnValues::Text(Vec::new()),
        })
        .collect();
    let mut row: Vec<Option<String>> = vec![None; attrs.len()];
    for (no, raw) in lines {
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('{') {
            parse_sparse(line, &attrs, &mut row).map_err(|r| err(no, r))?;
        } else {
            let values = split_values(line).map_err(|r| err(no, r))?;
            if values.len() != attrs.len() {
                let hint = if values.last().is_some_and(|v| v.as_deref().is_some_and(|s| s.starts_with('{'))) {
                    " (instance weights are not supported)"
                } else {
                    ""
                };
                return Err(err(no, format!("expected {} values, found {}{hint}", attrs.len(), values.len())));
            }
            row.clone_from_slice(&values);
        }
        for ((value, attr), col) in row.iter_mut().zip(&attrs).zip(&mut cols) {
            push_value(value.take(), &attr.name, col).map_err(|r| err(no, r))?;
        }
    }

    let targets = match declared {
        None => Vec::new(),
        Some((no, n)) => {
            let count = n.unsigned_abs() as usize;
            if count >= attrs.len() {
                return Err(err(
                    no,
                    format!("the relation declares {count} targets (-C {n}) but there are {} attributes", attrs.len()),
                ));
            }
            let range = if n > 0 { 0..count } else { attrs.len() - count..attrs.len() };
            attrs[range].iter().map(|a| a.name.clone()).collect()
        }
    };
    let columns = attrs.iter().zip(cols).map(|(a, c)| build_column(a, c)).collect::<Result<Vec<_>>>()?;
    let height = columns.first().map_or(0, |c| c.len());
    Ok((DataFrame::new(height, columns)?.into(), targets))
}

/// The target count in a MEKA relation name (`Music: -C 6 -R` → 6, `x: -C -2` → −2); `None` without `-C`.
fn meka_count(relation: &str) -> std::result::Result<Option<i64>, String> {
    let Some((_, options)) = relation.split_once(':') else { return Ok(None) };
    let mut words = options.split_whitespace();
    while let Some(w) = words.next() {
        if w == "-C" {
            let n = words.next().unwrap_or("");
            return match n.parse::<i64>() {
                Ok(0) | Err(_) => Err(format!(
                    "the relation name's MEKA option -C needs a non-zero number of targets, found '{}'",
                    crate::error::quote(n)
                )),
                Ok(n) => Ok(Some(n)),
            };
        }
    }
    Ok(None)
}

/// Drop a `%` comment that is outside quotes.
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    let mut escaped = false;
    for (i, ch) in line.char_indices() {
        match (quote, ch) {
            _ if escaped => escaped = false,
            (Some(_), '\\') => escaped = true,
            (Some(q), c) if c == q => quote = None,
            (None, '\'' | '"') => quote = Some(ch),
            (None, '%') => return &line[..i],
            _ => {}
        }
    }
    line
}

fn split_keyword(line: &str) -> (&str, &str) {
    match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim_start()),
        None => (line, ""),
    }
}

/// Read one possibly quoted token from the start of `s`; return it and the rest.
fn take_token(s: &str, stops: &[char]) -> std::result::Result<(String, bool, usize), String> {
    let s_trim = s.trim_start();
    let offset = s.len() - s_trim.len();
    let mut chars = s_trim.char_indices();
    match chars.next() {
        Some((_, q @ ('\'' | '"'))) => {
            let mut out = String::new();
            let mut escaped = false;
            for (i, ch) in chars {
                if escaped {
                    out.push(match ch {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        other => other,
                    });
                    escaped = false;
                } else if ch == '\\' {
                    escaped = true;
                } else if ch == q {
                    return Ok((out, true, offset + i + 1));
                } else {
                    out.push(ch);
                }
            }
            Err(format!("unterminated quote in '{s_trim}'"))
        }
        Some(_) => {
            let end = s_trim.find(|c: char| stops.contains(&c)).unwrap_or(s_trim.len());
            Ok((s_trim[..end].trim_end().to_string(), false, offset + end))
        }
        None => Ok((String::new(), false, s.len())),
    }
}

fn parse_attribute(rest: &str) -> std::result::Result<Attribute, String> {
    let (name, _, used) = take_token(rest, &[' ', '\t', '{'])?;
    if name.is_empty() {
        return Err("@attribute without a name".into());
    }
    let spec = rest[used..].trim();
    if spec.is_empty() {
        return Err(format!("attribute '{name}' has no type"));
    }
    let kind = if let Some(body) = spec.strip_prefix('{') {
        let body = body.strip_suffix('}').ok_or_else(|| format!("nominal attribute '{name}': missing closing '}}'"))?;
        let levels: Vec<String> = split_values(body)?.into_iter().map(|v| v.unwrap_or_else(|| "?".into())).collect();
        if levels.is_empty() || levels.iter().all(|l| l.is_empty()) {
            return Err(format!("nominal attribute '{name}' declares no levels"));
        }
        for (i, l) in levels.iter().enumerate() {
            if levels[..i].contains(l) {
                return Err(format!("nominal attribute '{name}' declares level '{l}' twice"));
            }
        }
        AttrType::Nominal(levels)
    } else {
        let (word, _) = split_keyword(spec);
        match word.to_ascii_lowercase().as_str() {
            "numeric" | "real" | "integer" => AttrType::Numeric,
            "string" | "date" => AttrType::Text,
            "relational" => return Err(format!("attribute '{name}': relational attributes are not supported")),
            other => return Err(format!("attribute '{name}': unknown type '{other}'")),
        }
    };
    Ok(Attribute { name, kind })
}

/// Split a comma-separated list of possibly quoted values; `?` (unquoted) becomes `None`.
fn split_values(line: &str) -> std::result::Result<Vec<Option<String>>, String> {
    let mut out = Vec::new();
    let mut rest = line;
    loop {
        let (tok, quoted, used) = take_token(rest, &[','])?;
        out.push(if !quoted && tok == "?" { None } else { Some(tok) });
        rest = rest[used..].trim_start();
        match rest.strip_prefix(',') {
            Some(r) => rest = r,
            None if rest.is_empty() => return Ok(out),
            None => return Err(format!("unexpected text '{rest}' after a value")),
        }
    }
}

/// Fill `row` from a sparse row `{i v, j w}`; omitted entries are filled with Weka's 0.
fn parse_sparse(line: &str, attrs: &[Attribute], row: &mut [Option<String>]) -> std::result::Result<(), String> {
    let body = line[1..]
        .trim_end()
        .strip_suffix('}')
        .ok_or("sparse row without closing '}' (instance weights are not supported)")?;
    let mut set = vec![false; attrs.len()];
    if !body.trim().is_empty() {
        for entry in split_values(body)? {
            let entry = entry.ok_or("sparse entry '?' has no index")?;
            let (idx, value) = split_keyword(entry.trim());
            let idx: usize =
                idx.parse().map_err(|_| format!("sparse entry '{entry}' does not start with an attribute index"))?;
            if idx >= attrs.len() {
                return Err(format!("sparse index {idx} is out of range ({} attributes)", attrs.len()));
            }
            let (value, quoted, _) = take_token(value, &[])?;
            row[idx] = if !quoted && value == "?" { None } else { Some(value) };
            set[idx] = true;
        }
    }
    for ((slot, attr), was_set) in row.iter_mut().zip(attrs).zip(set) {
        if !was_set {
            *slot = Some(match &attr.kind {
                AttrType::Numeric => "0".to_string(),
                AttrType::Nominal(levels) => levels[0].clone(),
                AttrType::Text => String::new(),
            });
        }
    }
    Ok(())
}

fn push_value(value: Option<String>, attr: &str, col: &mut ColumnValues) -> std::result::Result<(), String> {
    match col {
        ColumnValues::Numeric(v) => v.push(match value {
            None => None,
            Some(s) => Some(s.trim().parse::<f64>().map_err(|_| format!("attribute '{attr}': '{s}' is not a number"))?),
        }),
        ColumnValues::Nominal { levels, codes } => codes.push(match value {
            None => None,
            Some(s) => Some(levels.iter().position(|l| *l == s).ok_or_else(|| {
                format!("value '{s}' is not a declared level of nominal attribute '{attr}' {{{}}}", levels.join(","))
            })? as u32),
        }),
        ColumnValues::Text(v) => v.push(value),
    }
    Ok(())
}

fn build_column(attr: &Attribute, values: ColumnValues) -> Result<Column> {
    let name: PlSmallStr = attr.name.as_str().into();
    Ok(match values {
        ColumnValues::Numeric(v) => Column::new(name, v),
        ColumnValues::Text(v) => Column::new(name, v),
        ColumnValues::Nominal { levels, codes } => {
            let strings: Vec<Option<&str>> = codes.iter().map(|c| c.map(|c| levels[c as usize].as_str())).collect();
            let dtype = DataType::from_frozen_categories(FrozenCategories::new(levels.iter().map(|s| s.as_str()))?);
            Column::new(name, strings).strict_cast(&dtype)?
        }
    })
}
