//! Typed access to variables by `folder\name`: get and set integers, strings and the other
//! typed values of [`ti_files::Value`]. Getting looks the variable up in its folder's
//! listing first, so a missing variable is reported at once and the request carries the
//! right type.

use super::{Calculator, LinkError};
use crate::cable::Cable;
use ti_files::{Value, VarPath, Variable};

impl<C: Cable> Calculator<C> {
    /// Stores `value` in the variable at `path` (created or overwritten, silently).
    pub fn set_value(&mut self, path: &VarPath, value: &Value) -> Result<(), LinkError> {
        let var = Variable::new(path.clone(), value)?;
        self.send_variable(&var)
    }

    /// Reads the variable at `path` (a path without folder means `main`).
    pub fn get_variable(&mut self, path: &VarPath) -> Result<Variable, LinkError> {
        let entry = self.find_variable(path)?;
        let full = VarPath {
            folder: Some(
                path.folder
                    .clone()
                    .unwrap_or_else(|| ti_files::VarName::new("main").expect("legal")),
            ),
            name: path.name.clone(),
        };
        self.recv_variable(&full, entry.var_type)
    }

    /// The typed value of the variable at `path`.
    pub fn get_value(&mut self, path: &VarPath) -> Result<Value, LinkError> {
        Ok(self.get_variable(path)?.value())
    }
}
