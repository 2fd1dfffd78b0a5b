//! FLASH files against libtifiles2, the reference reader and writer (`tools/oracle/tiflash.c`):
//! the bytes our writer makes equal the bytes libtifiles2 writes for the same fields, and
//! libtifiles2 reads back from our files exactly the fields and data we put in. Debian's PedroM
//! images (package tiemu) are wrapped the way the TiEmu bench wraps them.

use std::path::{Path, PathBuf};
use std::process::Command;

use ti_files::{FlashBlock, FlashDataType, FlashFile, Model};

const PEDROM_DIR: &str = "/usr/share/tiemu/pedrom";

fn tiflash(_test: &str) -> Option<PathBuf> {
    testkit::oracle!("tiflash", &["tifiles2", "glib-2.0"])
}

/// Writes `file` with libtifiles2 to `dir/name` and returns the bytes.
fn libtifiles_write(tool: &Path, dir: &Path, name: &str, file: &FlashFile) -> Vec<u8> {
    let out = dir.join(name);
    let mut args: Vec<String> = vec!["write".into(), out.display().to_string()];
    for (i, b) in file.blocks.iter().enumerate() {
        let data = dir.join(format!("in{i}.bin"));
        std::fs::write(&data, &b.data).unwrap();
        args.extend([
            b.name.clone(),
            b.device_type.to_string(),
            b.data_type.byte().to_string(),
            b.hardware_id.to_string(),
            b.revision.0.to_string(),
            b.revision.1.to_string(),
            b.flags.to_string(),
            b.object_type.to_string(),
            b.date.day.to_string(),
            b.date.month.to_string(),
            b.date.year.to_string(),
            data.display().to_string(),
        ]);
    }
    let st = Command::new(tool).args(&args).status().unwrap();
    assert!(st.success(), "libtifiles2 could not write {name}");
    std::fs::read(&out).unwrap()
}

/// Reads `path` with libtifiles2: its description lines, and each block's data.
fn libtifiles_read(tool: &Path, dir: &Path, path: &Path) -> (String, Vec<Vec<u8>>) {
    let outdir = dir.join("read");
    let _ = std::fs::remove_dir_all(&outdir);
    std::fs::create_dir_all(&outdir).unwrap();
    let out = Command::new(tool)
        .arg("read")
        .arg(path)
        .arg(&outdir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "libtifiles2 refused {}: {text}",
        path.display()
    );
    let n = text.lines().count();
    let data = (0..n)
        .map(|i| std::fs::read(outdir.join(format!("block{i}.bin"))).unwrap())
        .collect();
    (text, data)
}

fn expected_line(i: usize, b: &FlashBlock) -> String {
    format!(
        "block {i}: name=\"{}\" rev={}.{} flags=0x{:02x} object_type=0x{:02x} date={}/{}/{} \
         device_type=0x{:02x} data_type=0x{:02x} hw_id={} length={}",
        b.name,
        b.revision.0,
        b.revision.1,
        b.flags,
        b.object_type,
        b.date.day,
        b.date.month,
        b.date.year,
        b.device_type,
        b.data_type.byte(),
        b.hardware_id,
        b.data.len()
    )
}

/// Our bytes equal libtifiles2's, libtifiles2 reads ours back exactly, and we read its file
/// back to the same value.
fn check_against_libtifiles(tool: &Path, dir: &Path, name: &str, file: &FlashFile) {
    let ours = file.to_bytes().unwrap();
    let theirs = libtifiles_write(tool, dir, name, file);
    assert_eq!(ours.len(), theirs.len(), "{name}: lengths differ");
    if let Some(at) = ours.iter().zip(&theirs).position(|(a, b)| a != b) {
        panic!(
            "{name}: first difference at byte {at}: ours {:02x}, libtifiles2 {:02x}",
            ours[at], theirs[at]
        );
    }
    let ours_path = dir.join(format!("ours-{name}"));
    ti_files::disk::write_atomic(&ours_path, &ours).unwrap();
    let (text, data) = libtifiles_read(tool, dir, &ours_path);
    let expected: Vec<String> = file
        .blocks
        .iter()
        .enumerate()
        .map(|(i, b)| expected_line(i, b))
        .collect();
    assert_eq!(text.lines().collect::<Vec<_>>(), expected, "{name}");
    for (i, b) in file.blocks.iter().enumerate() {
        assert!(
            data[i] == b.data,
            "{name}: block {i} data differs as read by libtifiles2"
        );
    }
    assert_eq!(
        &FlashFile::parse(&theirs).unwrap(),
        file,
        "{name}: reading libtifiles2's file"
    );
}

#[test]
fn pedrom_images_wrap_exactly_as_libtifiles2_writes_them() {
    let test = "pedrom_images_wrap_exactly_as_libtifiles2_writes_them";
    let Some(tool) = tiflash(test) else { return };
    if !Path::new(PEDROM_DIR).is_dir() {
        testkit::skip(
            test,
            &format!("{PEDROM_DIR} is missing (Debian package tiemu)"),
        );
        return;
    }
    let dir = testkit::scratch!("flash-pedrom");
    for (tib, model) in [
        ("pedrom89.tib", Model::Ti89),
        ("pedrom89ti.tib", Model::Ti89),
        ("pedrom9x.tib", Model::Ti92Plus),
        ("pedromv2.tib", Model::V200),
    ] {
        let bytes = std::fs::read(Path::new(PEDROM_DIR).join(tib)).unwrap();
        let file = FlashFile::os_from_tib(model, &bytes).unwrap();
        let name = format!("{}.{}", tib.trim_end_matches(".tib"), file.extension(model));
        check_against_libtifiles(&tool, &dir, &name, &file);
        assert!(FlashFile::os_from_tib(
            if model == Model::Ti89 {
                Model::V200
            } else {
                Model::Ti89
            },
            &bytes
        )
        .is_err());
    }
}

#[test]
fn every_header_field_and_several_blocks_match_libtifiles2() {
    let test = "every_header_field_and_several_blocks_match_libtifiles2";
    let Some(tool) = tiflash(test) else { return };
    let dir = testkit::scratch!("flash-fields");
    let mut licence = FlashBlock::new(
        "license",
        0x98,
        FlashDataType::License,
        b"Licence text\n".to_vec(),
    );
    licence.revision = (1, 2);
    let mut app = FlashBlock::new(
        "myapp",
        0x98,
        FlashDataType::App,
        std::iter::once(0x81)
            .chain((0..=255u8).cycle())
            .take(70_000)
            .collect(),
    );
    app.revision = (3, 14);
    app.flags = 0x5A;
    app.object_type = 0x81;
    app.date = ti_files::flash::FlashDate {
        day: 0x21,
        month: 0x11,
        year: 0x2025,
    };
    app.hardware_id = 3;
    let file = FlashFile {
        blocks: vec![licence, app],
        trailer: vec![],
    };
    assert_eq!(file.extension(Model::Ti89), "89k");
    check_against_libtifiles(&tool, &dir, "two-blocks.89k", &file);

    let mut os = FlashBlock::new(
        "basecode",
        0x88,
        FlashDataType::Os,
        vec![0x80, 0x0F, 1, 2, 3],
    );
    os.hardware_id = 8;
    let file = FlashFile {
        blocks: vec![os],
        trailer: vec![],
    };
    check_against_libtifiles(&tool, &dir, "os.v2u", &file);
}

#[test]
fn libtifiles2_refuses_what_we_refuse() {
    let test = "libtifiles2_refuses_what_we_refuse";
    let Some(tool) = tiflash(test) else { return };
    let dir = testkit::scratch!("flash-refuse");
    let good = FlashFile {
        blocks: vec![FlashBlock::new(
            "basecode",
            0x98,
            FlashDataType::Os,
            vec![0x80, 2, 3, 4],
        )],
        trailer: vec![],
    }
    .to_bytes()
    .unwrap();
    let path = dir.join("good.89u");
    std::fs::write(&path, &good).unwrap();
    libtifiles_read(&tool, &dir, &path);
    for (what, offset, byte) in [
        ("device type", 48, 0x73u8),
        ("data type", 49, 0x21),
        ("OS data start", 78, 0x81),
    ] {
        let mut bad = good.clone();
        bad[offset] = byte;
        assert!(FlashFile::parse(&bad).is_err(), "{what}");
        let path = dir.join("bad.89u");
        std::fs::write(&path, &bad).unwrap();
        let out = Command::new(&tool)
            .arg("read")
            .arg(&path)
            .arg(&dir)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(1),
            "libtifiles2 accepted a bad {what}"
        );
    }
}
