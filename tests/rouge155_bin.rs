//! The native `rouge155` program: a configuration in, ROUGE-1.5.5's report out, and errors on
//! standard error with ROUGE-1.5.5-style exit statuses.
use std::path::PathBuf;
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rougebleu-bin-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn scores_a_file_list_and_prints_the_report() {
    let dir = scratch("ok");
    std::fs::write(dir.join("peer.txt"), "the cat sat on the mat\nit was happy\n").unwrap();
    std::fs::write(dir.join("model.txt"), "a cat sat on a mat\n").unwrap();
    std::fs::write(dir.join("list.txt"), "peer.txt model.txt\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_rouge155"))
        .args(["-n", "2", "-z", "SPL", "list.txt"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let report = String::from_utf8(out.stdout).unwrap();
    // 4 of the model's 6 unigrams are in the peer (cat, sat, on, mat).
    assert!(report.contains("X ROUGE-1 Average_R: 0.66667 (95%-conf.int. 0.66667 - 0.66667)"), "{report}");
    assert!(report.contains("X ROUGE-L Average_R:"), "{report}");
}

#[test]
fn errors_go_to_stderr_with_exit_status() {
    let dir = scratch("bad");
    std::fs::write(dir.join("bad.xml"), "<ROUGE-EVAL>\n<EVAL ID='1'>\n<PEERS>\n</EVAL>\n").unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_rouge155")).args(args).current_dir(&dir).output().unwrap()
    };
    let out = run(&["-a", "bad.xml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.xml, line 4: malformed XML"));
    let out = run(&["-w", "1", "-a", "bad.xml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ROUGE-W needs a weight greater than 1"));
}
