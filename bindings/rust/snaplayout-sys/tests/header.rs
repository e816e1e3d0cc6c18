//! snaplayout-sys mirrors include/snaplayout.h: checked mechanically against the header, as
//! bindings/python/tests/test_lowlevel_header.py checks the Python low-level module.
//!
//! The header is parsed here (comments and preprocessor lines stripped; `#define SL_*` values,
//! `SL_API` prototypes, `typedef struct` bodies, the handler typedef). Every constant must have
//! the header's value and kind; every function its name, parameter names and types and result;
//! every struct its fields in order with their types, and the size, alignment and offsets the
//! C rules give (computed here from the header's field types) must be those Rust lays out.

use std::collections::BTreeMap;
use std::path::PathBuf;

use snaplayout_sys as sys;
use sys::meta::{self, Value};

fn header_path() -> PathBuf {
    match std::env::var_os("SNAPLAYOUT_HEADER") {
        Some(path) => PathBuf::from(path),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../include/snaplayout.h"),
    }
}

fn raw_header() -> String {
    std::fs::read_to_string(header_path()).expect("include/snaplayout.h")
}

/// The header without comments.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let block = rest.find("/*");
        let line = rest.find("//");
        match (block, line) {
            (Some(b), l) if l.map_or(true, |l| b < l) => {
                out.push_str(&rest[..b]);
                out.push(' ');
                let end = rest[b + 2..].find("*/").expect("unterminated comment");
                rest = &rest[b + 2 + end + 2..];
            }
            (_, Some(l)) => {
                out.push_str(&rest[..l]);
                rest = &rest[l..];
                rest = &rest[rest.find('\n').unwrap_or(rest.len())..];
            }
            _ => {
                out.push_str(rest);
                return out;
            }
        }
    }
}

/// The header without comments and preprocessor lines: declarations only.
fn declarations() -> String {
    strip_comments(&raw_header())
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

// --- #define values ----------------------------------------------------------------------------

struct Eval<'a> {
    tokens: Vec<String>,
    at: usize,
    known: &'a BTreeMap<String, Value>,
}

fn tokenize(expression: &str) -> Vec<String> {
    let chars: Vec<char> = expression.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '"' {
            let start = i;
            i += 1;
            while chars[i] != '"' {
                i += 1;
            }
            i += 1;
            tokens.push(chars[start..i].iter().collect());
        } else if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || chars[i] == '_' || chars[i] == '.')
            {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else {
            tokens.push(c.to_string());
            i += 1;
        }
    }
    tokens
}

impl<'a> Eval<'a> {
    fn next(&mut self) -> Option<String> {
        let t = self.tokens.get(self.at).cloned();
        self.at += 1;
        t
    }
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(|s| s.as_str())
    }
    fn sum(&mut self) -> Value {
        let mut value = self.product();
        while let Some(op) = self.peek().filter(|t| *t == "+" || *t == "-").map(str::to_owned) {
            self.at += 1;
            let right = self.product();
            value = arith(&value, &right, &op);
        }
        value
    }
    fn product(&mut self) -> Value {
        let mut value = self.unary();
        while self.peek() == Some("*") {
            self.at += 1;
            let right = self.unary();
            value = arith(&value, &right, "*");
        }
        value
    }
    fn unary(&mut self) -> Value {
        let token = self.next().expect("expression ends early");
        match token.as_str() {
            "-" => arith(&Value::Signed(0), &self.unary(), "-"),
            "(" => {
                let v = self.sum();
                assert_eq!(self.next().as_deref(), Some(")"));
                v
            }
            t if t.starts_with('"') => {
                let s = t[1..t.len() - 1].to_owned();
                Value::Str(Box::leak(s.into_boxed_str()))
            }
            t if t.starts_with(|c: char| c.is_ascii_digit()) => literal(t),
            t => self.known.get(t).unwrap_or_else(|| panic!("unknown name {t}")).clone(),
        }
    }
}

fn literal(text: &str) -> Value {
    let unsigned = text.ends_with(['u', 'U']);
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    if digits.contains('.') {
        return Value::Float(digits.parse().unwrap());
    }
    let n = if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        i64::from_str_radix(hex, 16).unwrap()
    } else {
        digits.parse().unwrap()
    };
    if unsigned {
        Value::Unsigned(n as u64)
    } else {
        Value::Signed(n)
    }
}

fn arith(a: &Value, b: &Value, op: &str) -> Value {
    let f = |x: i64, y: i64| match op {
        "+" => x + y,
        "-" => x - y,
        _ => x * y,
    };
    match (a, b) {
        (Value::Signed(x), Value::Signed(y)) => Value::Signed(f(*x, *y)),
        (Value::Float(x), Value::Float(y)) => Value::Float(match op {
            "+" => x + y,
            "-" => x - y,
            _ => x * y,
        }),
        (Value::Signed(0), Value::Float(y)) if op == "-" => Value::Float(-y),
        _ => panic!("unsupported arithmetic {a:?} {op} {b:?}"),
    }
}

fn header_defines() -> BTreeMap<String, Value> {
    let mut known = BTreeMap::new();
    for line in strip_comments(&raw_header()).lines() {
        let line = line.trim();
        let rest = match line.strip_prefix('#').and_then(|r| r.trim_start().strip_prefix("define"))
        {
            Some(rest) => rest,
            None => continue,
        };
        let rest = rest.trim_start();
        let name: String =
            rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        if !name.starts_with("SL_") || name == "SL_API" || name == "SL_DEPRECATED" {
            continue;
        }
        let expression = rest[name.len()..].trim();
        let mut eval = Eval { tokens: tokenize(expression), at: 0, known: &known };
        let value = eval.sum();
        assert_eq!(eval.at, eval.tokens.len(), "trailing tokens in #define {name}");
        known.insert(name, value);
    }
    known
}

// --- C types -----------------------------------------------------------------------------------

/// "const sl_layout *layout" -> ("const sl_layout *", "layout").
fn split_declaration(declaration: &str) -> (String, String) {
    let words = declaration.replace('*', " * ");
    let words: Vec<&str> = words.split_whitespace().collect();
    let (name, ty) = words.split_last().expect("empty declaration");
    (ty.join(" "), name.to_string())
}

/// The Rust type (whitespace removed) the crate must use for a C type.
fn rust_type(c_type: &str) -> String {
    let words: Vec<&str> = c_type.split_whitespace().collect();
    let stars = words.iter().filter(|w| **w == "*").count();
    // Only a leading `const` (on the pointee) is written in this header.
    assert!(!c_type.contains("* const"), "unsupported const pointer: {c_type}");
    let is_const = words.first() == Some(&"const");
    let base: Vec<&str> = words.iter().copied().filter(|w| *w != "*" && *w != "const").collect();
    assert_eq!(base.len(), 1, "unsupported C type {c_type}");
    let base = match base[0] {
        "void" if stars == 0 => return String::new(),
        "void" => "c_void",
        "char" => "c_char",
        "int" => "c_int",
        "int32_t" => "i32",
        "int64_t" => "i64",
        "uint32_t" => "u32",
        "double" => "f64",
        "size_t" => "usize",
        other if other.starts_with("sl_") => other,
        other => panic!("no Rust mapping for C type {other}"),
    };
    let mut ty = base.to_string();
    for level in 0..stars {
        let qualifier = if level == 0 && is_const { "*const" } else { "*mut" };
        ty = format!("{qualifier}{ty}");
    }
    ty
}

/// Fails naming what one list of names lacks and what it has in excess.
fn same_names(what: &str, header: &[&str], declared: &[&str]) {
    let missing: Vec<&&str> = header.iter().filter(|n| !declared.contains(n)).collect();
    let extra: Vec<&&str> = declared.iter().filter(|n| !header.contains(n)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{what}: missing from the crate {missing:?}, not in the header {extra:?}"
    );
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect()
}

fn header_functions() -> BTreeMap<String, (String, Vec<(String, String)>)> {
    let text = declarations();
    let mut functions = BTreeMap::new();
    for piece in text.split("SL_API").skip(1) {
        let declaration = &piece[..piece.find(';').expect("prototype without ;")];
        let open = declaration.find('(').unwrap();
        let close = declaration.rfind(')').unwrap();
        let (result, name) = split_declaration(&declaration[..open]);
        let parameters = declaration[open + 1..close].trim();
        let mut params = Vec::new();
        if parameters != "void" {
            for p in parameters.split(',') {
                let (ty, name) = split_declaration(p);
                params.push((name, ty));
            }
        }
        assert!(functions.insert(name.clone(), (result, params)).is_none(), "{name} twice");
    }
    functions
}

/// Struct name -> fields (name, C type), in order.
fn header_structs() -> Vec<(String, Vec<(String, String)>)> {
    let text = declarations();
    let mut structs = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("typedef struct") {
        rest = &rest[at + "typedef struct".len()..];
        let end = rest.find(';').unwrap();
        let open = match rest.find('{').filter(|open| *open < end) {
            Some(open) => open,
            None => continue, // an opaque typedef: typedef struct sl_layout sl_layout;
        };
        let name = rest[..open].trim().to_string();
        let close = rest.find('}').unwrap();
        let fields = rest[open + 1..close]
            .split(';')
            .filter(|f| !f.trim().is_empty())
            .map(|f| {
                let (ty, name) = split_declaration(f);
                (name, ty)
            })
            .collect();
        let tail = &rest[close + 1..];
        let typedef_name = tail[..tail.find(';').unwrap()].trim();
        assert_eq!(typedef_name, name);
        structs.push((name, fields));
        rest = tail;
    }
    structs
}

/// Size and alignment of a C type on this target, by the C rules (structs from `known`).
fn c_size_align(c_type: &str, known: &BTreeMap<String, (usize, usize)>) -> (usize, usize) {
    if c_type.contains('*') {
        let p = std::mem::size_of::<usize>();
        return (p, p);
    }
    let base = c_type.trim_start_matches("const ").trim();
    match base {
        "double" | "int64_t" => (8, std::mem::align_of::<f64>().max(std::mem::align_of::<i64>())),
        "int" | "int32_t" | "uint32_t" => (4, 4),
        "size_t" => (std::mem::size_of::<usize>(), std::mem::align_of::<usize>()),
        other => *known.get(other).unwrap_or_else(|| panic!("unknown C type {other}")),
    }
}

fn round_up(n: usize, align: usize) -> usize {
    (n + align - 1) / align * align
}

// --- the tests ---------------------------------------------------------------------------------

#[test]
fn the_header_parses() {
    // A guard against the parser silently finding nothing.
    assert!(header_defines().len() > 40);
    assert!(header_functions().len() > 40);
    assert!(header_structs().len() > 15);
}

#[test]
fn every_define_has_the_same_value() {
    let defines = header_defines();
    let constants: BTreeMap<&str, Value> = meta::constants().into_iter().collect();
    let header: Vec<&str> = defines.keys().map(String::as_str).collect();
    let crate_: Vec<&str> = constants.keys().copied().collect();
    same_names("constants", &header, &crate_);
    for (name, value) in &defines {
        let actual = &constants[name.as_str()];
        // Unsigned in the header (a `u` suffix) must be unsigned in Rust, and the other way.
        assert_eq!(actual, value, "{name}");
    }
}

#[test]
fn every_function_has_its_prototype() {
    let header = header_functions();
    let declared: BTreeMap<&str, meta::Function> =
        meta::functions().into_iter().map(|f| (f.name, f)).collect();
    let names: Vec<&str> = header.keys().map(String::as_str).collect();
    same_names("functions", &names, &declared.keys().copied().collect::<Vec<_>>());
    for (name, (result, params)) in &header {
        let f = &declared[name.as_str()];
        assert_eq!(squash(f.result), rust_type(result), "{name} returns {result}");
        assert_eq!(f.params.len(), params.len(), "{name}: arity");
        for ((rust_name, rust_ty), (c_name, c_ty)) in f.params.iter().zip(params) {
            assert_eq!(rust_name, c_name, "{name}: parameter name");
            assert_eq!(squash(rust_ty), rust_type(c_ty), "{name}({c_name}: {c_ty})");
        }
        assert_ne!(f.address, 0, "{name} is not linked");
    }
}

#[test]
fn the_handler_typedef_matches() {
    let text = declarations();
    let at = text.find("typedef void (*sl_visible_items_handler)").expect("handler typedef");
    let rest = &text[at..];
    let rest = &rest[rest.find(")(").unwrap() + 2..];
    let params: Vec<(String, String)> = rest[..rest.find(')').unwrap()]
        .split(',')
        .map(|p| {
            let (ty, name) = split_declaration(p);
            (name, ty)
        })
        .collect();
    let (name, declared) = meta::handler_type();
    assert_eq!(name, "sl_visible_items_handler");
    assert_eq!(declared.len(), params.len());
    for ((rust_name, rust_ty), (c_name, c_ty)) in declared.iter().zip(&params) {
        assert_eq!(rust_name, c_name);
        assert_eq!(squash(rust_ty), rust_type(c_ty), "handler parameter {c_name}");
    }
}

#[test]
fn every_struct_has_the_fields_and_layout_of_c() {
    let header = header_structs();
    let declared: BTreeMap<&str, meta::Struct> =
        meta::structs().into_iter().map(|s| (s.name, s)).collect();
    let mut names: Vec<&str> = header.iter().map(|(n, _)| n.as_str()).collect();
    names.sort_unstable();
    same_names("structs", &names, &declared.keys().copied().collect::<Vec<_>>());
    let mut c_layouts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for (name, fields) in &header {
        let s = &declared[name.as_str()];
        let field_names: Vec<&str> = fields.iter().map(|(n, _)| n.as_str()).collect();
        let rust_names: Vec<&str> = s.fields.iter().map(|f| f.name).collect();
        assert_eq!(rust_names, field_names, "{name}: fields");
        let (mut offset, mut align) = (0usize, 1usize);
        for ((field, c_ty), rust) in fields.iter().zip(&s.fields) {
            assert_eq!(squash(rust.ty), rust_type(c_ty), "{name}.{field}: {c_ty}");
            let (size, field_align) = c_size_align(c_ty, &c_layouts);
            offset = round_up(offset, field_align);
            assert_eq!(rust.offset, offset, "{name}.{field}: offset");
            assert_eq!(rust.size, size, "{name}.{field}: size");
            offset += size;
            align = align.max(field_align);
        }
        let size = round_up(offset, align);
        assert_eq!((s.size, s.align), (size, align), "{name}: size and alignment");
        c_layouts.insert(name.clone(), (size, align));
    }
    // Sizes worth knowing by heart on 64-bit targets (docs/C-API.md's ABI).
    if std::mem::size_of::<usize>() == 8 {
        assert_eq!(std::mem::size_of::<sys::sl_element>(), 120);
        assert_eq!(std::mem::size_of::<sys::sl_motion>(), 96);
        assert_eq!(std::mem::size_of::<sys::sl_snap_result>(), 144);
    }
}

#[test]
fn the_library_is_the_headers_version() {
    let number = unsafe { sys::sl_version_number() };
    assert_eq!(number, sys::SL_VERSION_NUMBER);
    let text = unsafe { std::ffi::CStr::from_ptr(sys::sl_version_string()) };
    assert_eq!(text.to_str().unwrap(), sys::SL_VERSION_STRING);
}

/// A program of a tool, or `None` when it is not installed (the checks below are then skipped,
/// as the Python binding's are).
fn tool(name: &str) -> Option<std::process::Command> {
    let found = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
        .unwrap_or(false);
    if found {
        Some(std::process::Command::new(name))
    } else {
        eprintln!("{name} not found: check skipped");
        None
    }
}

#[test]
fn the_library_exports_exactly_the_header_functions() {
    let mut nm = match tool("nm") {
        Some(nm) => nm,
        None => return,
    };
    let library = PathBuf::from(env!("SNAPLAYOUT_LINKED_DIR")).join("libsnaplayout.so");
    let out = nm.arg("-D").arg("--defined-only").arg(&library).output().expect("nm");
    assert!(
        out.status.success(),
        "nm {}: {}",
        library.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut exported: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.as_slice() {
                [_, "T", name] if name.starts_with("sl_") => {
                    Some(name.split('@').next().unwrap().to_string())
                }
                _ => None,
            }
        })
        .collect();
    exported.sort();
    exported.dedup();
    let exported: Vec<&str> = exported.iter().map(String::as_str).collect();
    let declared: Vec<&str> = meta::functions().iter().map(|f| f.name).collect();
    same_names("exported functions", &exported, &declared);
}

#[test]
fn struct_layouts_match_the_c_compiler() {
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let mut cc = match tool(&compiler) {
        Some(cc) => cc,
        None => return,
    };
    let dir = std::env::temp_dir().join(format!("snaplayout-sys-layout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut source = String::from(
        "#include <stdio.h>\n#include <stddef.h>\n#include \"snaplayout.h\"\nint main(void) {\n",
    );
    let structs = meta::structs();
    for s in &structs {
        source += &format!("  printf(\"{0} %zu %zu\\n\", sizeof({0}), _Alignof({0}));\n", s.name);
        for f in &s.fields {
            source +=
                &format!("  printf(\"{0}.{1} %zu\\n\", offsetof({0}, {1}));\n", s.name, f.name);
        }
    }
    source += "  return 0;\n}\n";
    let c_file = dir.join("layout.c");
    let program = dir.join("layout");
    std::fs::write(&c_file, source).unwrap();
    let include = header_path().parent().unwrap().to_path_buf();
    let compiled = cc
        .arg("-std=c11")
        .arg("-I")
        .arg(&include)
        .arg(&c_file)
        .arg("-o")
        .arg(&program)
        .output()
        .unwrap();
    assert!(compiled.status.success(), "{}", String::from_utf8_lossy(&compiled.stderr));
    let printed = std::process::Command::new(&program).output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let printed = String::from_utf8(printed.stdout).unwrap();
    let c: BTreeMap<&str, Vec<usize>> = printed
        .lines()
        .map(|line| {
            let mut words = line.split_whitespace();
            let key = words.next().unwrap();
            (key, words.map(|w| w.parse().unwrap()).collect())
        })
        .collect();
    for s in &structs {
        assert_eq!(c[s.name], vec![s.size, s.align], "{}: size and alignment", s.name);
        for f in &s.fields {
            assert_eq!(
                c[format!("{}.{}", s.name, f.name).as_str()],
                vec![f.offset],
                "{}.{}",
                s.name,
                f.name
            );
        }
    }
}
