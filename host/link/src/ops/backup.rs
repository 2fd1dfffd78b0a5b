//! A full backup into one group file, and its restore, over any protocol ([`Operations`]).
//!
//! The backup is libticalcs2's for every model (`backup.cc` `tixx_recv_all_vars_backup`): a
//! listing, then, for each variable, a ready check and the variable; FLASH applications are
//! not included. The result is one group file (`.89g`, `.9xg`, `.v2g`) holding every variable
//! with its folder and its locked or archived attribute, written whole by the caller (nothing
//! is written when anything fails).
//!
//! The restore sends every variable of a group file, each overwriting a variable of that name.
//! Unlike libticalcs2's DBUS restore, it does **not** erase the calculator's memory first (a
//! VAR of type 0x1D): variables that are not in the backup stay. A request to stop (Ctrl-C) is
//! honoured between two variables, never inside one, so the calculator is left usable.

use super::{LinkError, Operations};
use ti_files::{VarFile, VarPath, Variable};

/// Everything a backup or restore reports as it goes: the variable, its rank, how many.
pub type Step<'a> = &'a mut dyn FnMut(&VarPath, usize, usize);

/// Receives every variable into a group file for the calculator's model. `stop` is asked
/// between variables; when it says yes, the backup ends with [`LinkError::Cancelled`].
pub fn backup(
    calc: &mut dyn Operations,
    stop: &dyn Fn() -> bool,
    step: Step<'_>,
) -> Result<VarFile, LinkError> {
    let listing = calc.listing()?;
    let entries: Vec<VarPath> = listing
        .variables()
        .map(|(folder, e)| VarPath {
            folder: Some(folder.clone()),
            name: e.name.clone(),
        })
        .collect();
    if entries.is_empty() {
        return Err(LinkError::NotFound {
            path: "any variable".into(),
            detail: ": the calculator has nothing to back up".into(),
        });
    }
    let total = entries.len();
    let mut vars: Vec<Variable> = Vec::with_capacity(total);
    for (i, path) in entries.iter().enumerate() {
        if stop() {
            return Err(LinkError::Cancelled {
                done: i,
                total,
                what: "variables (no backup file was written)",
            });
        }
        step(path, i + 1, total);
        let entry = listing.find(path).expect("listed").clone();
        calc.ready()?;
        let mut var = calc.recv_variable(path, entry.var_type)?;
        var.attribute = entry.attribute;
        vars.push(var);
    }
    let mut file = VarFile::group(calc.model(), vars);
    file.set_comment("Backup made by ti68k");
    Ok(file)
}

/// Sends every variable of `file` (a backup or any group). `stop` is asked between variables.
pub fn restore(
    calc: &mut dyn Operations,
    file: &VarFile,
    stop: &dyn Fn() -> bool,
    step: Step<'_>,
) -> Result<(), LinkError> {
    let total = file.variables.len();
    calc.ready()?;
    for (i, var) in file.variables.iter().enumerate() {
        if stop() {
            return Err(LinkError::Cancelled {
                done: i,
                total,
                what: "variables restored",
            });
        }
        step(&var.path(), i + 1, total);
        calc.send_variable(var)?;
    }
    Ok(())
}
